// RUN: %simtc build %s -o %t.ptx 2>&1 | count 0
// A generic lambda's body is a template: its instantiation is checked and compiled, its
// pattern (with dependent nodes the allowlist refuses) is not code.
#include <simt/kernel.hpp>

[[kernel]] void generic(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  auto at = [&](auto k) { return in[size_t(k) % in.size()]; };
  if (auto o = out.get_mut(i)) *o = at(i.get()) + at(3);
}

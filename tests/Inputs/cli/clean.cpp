// A kernel every rule accepts (tests/cli/check_format.test, tests/cli/verbose.test).
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void copy(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto slot = out.get_mut(i)) *slot = in[i.get()];
}

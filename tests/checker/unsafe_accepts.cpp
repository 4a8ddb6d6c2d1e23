// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Tier 2 operations inside [[simt::unsafe]] blocks and SIMT_REQUIRES_UNSAFE functions.
#include <simt/kernel.hpp>

// The caller guarantees that no other thread writes `at` and that it is in range.
SIMT_REQUIRES_UNSAFE void scatter(simt::DisjointSlice<float>& out, size_t at, float v) {
  float* base = out.data();
  *(base + at) = v;
}

[[kernel, simt::block(256), simt::requires("out.size() >= 2 * x.size()")]]
void k(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= x.size()) return;
  [[simt::unsafe]] {
    // Thread i alone writes elements 2i and 2i + 1, inside out by the requirement.
    scatter(out, 2 * i.get(), x.get_unchecked(i.get()));
    auto write_odd = [&](float v) { out.get_unchecked_mut(2 * i.get() + 1) = v; };
    write_odd(x.get_unchecked(i.get()));
  }
}

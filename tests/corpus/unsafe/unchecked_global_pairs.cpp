// corpus: race-free | Tier 2: thread i writes elements 2i and 2i + 1 of the output, bounded by the contract
#include <simt/kernel.hpp>

[[kernel, simt::requires("out.size() >= 2 * n", "x.size() >= n")]]
void k(uint32_t n, simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  // Tier 2: only thread i writes 2i and 2i + 1, and out.size() >= 2n keeps them in range.
  [[simt::unsafe]] {
    out.get_unchecked_mut(2 * i.get()) = x[i.get()];
    out.get_unchecked_mut(2 * i.get() + 1) = -x[i.get()];
  }
}

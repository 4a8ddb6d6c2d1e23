// corpus: race-free | Tier 2: a SIMT_REQUIRES_UNSAFE scatter helper called from an unsafe block, one element per thread
#include <simt/kernel.hpp>

// Callers guarantee that no other thread writes `at` and that at < out.size().
SIMT_REQUIRES_UNSAFE void scatter(simt::DisjointSlice<float>& out, size_t at, float v) { out.get_unchecked_mut(at) = v; }

[[kernel, simt::requires("out.size() >= n")]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  // Tier 2: the reversal n - 1 - i is one to one, and below n.
  [[simt::unsafe]] { scatter(out, n - 1 - i.get(), float(i.get())); }
}

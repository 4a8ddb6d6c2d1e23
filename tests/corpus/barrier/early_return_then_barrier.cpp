// corpus: racy simt-divergent-barrier | threads past n return early, the rest wait at a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  if (t >= n) return;
  float v = float(t);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | t < blockDim.x holds in every thread, so every thread reaches the barrier
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (t < simt::block::dim_x()) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

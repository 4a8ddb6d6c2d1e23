// corpus: race-free | barrier under a test of blockDim
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (simt::block::dim_x() > 64) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-divergent-barrier | barrier under a test of active_mask() after a divergent branch
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (t % 3 == 0) v += 1.0f;
  if (simt::warp::active_mask() != simt::warp::full_mask) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

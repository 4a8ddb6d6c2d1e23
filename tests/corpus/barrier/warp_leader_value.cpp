// corpus: racy simt-divergent-barrier | barrier under a value shuffled from lane 0: the same within a warp, not across warps
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (simt::warp::shuffle(simt::warp::full_mask, t, 0) == 0) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-divergent-barrier | lower half of each warp waits at a block barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (simt::warp::lane_id() < 16) simt::sync_threads();
  v = 1.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

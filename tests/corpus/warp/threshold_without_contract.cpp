// corpus: racy simt-warp-divergence | threadIdx.x < 32 without a contract: a 48 x 2 block splits warp 1
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_x() < 32) v = simt::warp::shuffle(simt::warp::full_mask, v, 0);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

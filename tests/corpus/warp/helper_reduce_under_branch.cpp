// corpus: racy simt-warp-divergence | a helper calling reduce_max with the full mask, under t % 2
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  auto top = [](float x) { return simt::warp::reduce_max(simt::warp::full_mask, x); };
  if (t % 2 == 0) v = top(v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

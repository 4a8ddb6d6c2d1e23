// corpus: race-free | match_any with the full mask by every lane
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  const uint32_t peers = simt::warp::match_any(simt::warp::full_mask, simt::thread::index_x() / 4);
  v = float(peers);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | block 16 x 4: warp 0 is rows 0 and 1, warp 1 rows 2 and 3, so y < 2 is warp-uniform
#include <simt/kernel.hpp>

[[kernel, simt::block(16, 4)]] void k(simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_y() < 2) v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_2d<64>())) *o = v;
}

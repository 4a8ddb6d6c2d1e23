// corpus: race-free | block 32 x 4: each warp is one row, so a test of y is warp-uniform
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 4)]] void k(simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_y() % 2 == 0) v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_2d<64>())) *o = v;
}

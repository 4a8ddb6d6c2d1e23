// corpus: racy simt-warp-divergence | block 48 x 2: warp 1 holds the end of row 0 and the start of row 1, so a test of y splits it
#include <simt/kernel.hpp>

[[kernel, simt::block(48, 2)]] void k(simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_y() == 0) v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_2d<64>())) *o = v;
}

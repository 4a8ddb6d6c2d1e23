// corpus: race-free | lane 0 of each warp writes the element of its warp in the part of the block
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  if (simt::warp::lane_id() == 0) out.at_mut(size_t(simt::block::index_x()) * 8 + simt::warp::warp_id()) = 1.0f;
}

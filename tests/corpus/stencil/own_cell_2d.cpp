// corpus: race-free | the 2-D tile's interior threads read only their own cell, so no barrier is needed
#include <simt/kernel.hpp>

// 18 x 18 block over a 16 x 16 interior with a one-cell halo.
[[kernel, simt::block(18, 18)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<288>> out) {
  simt::SharedTile<float, 18, 18> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const size_t at = (size_t(simt::block::index_y()) * 18 + ty) * 288 + size_t(simt::block::index_x()) * 18 + tx;
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = at < in.size() ? in[at] : 0.0f;

  float v = 0.0f;
  if (tx >= 1 && tx <= 16 && ty >= 1 && ty <= 16) v = 2.0f * tile(ty, tx);
  if (auto o = out.get_mut(simt::thread::index_2d<288>())) *o = v;
}

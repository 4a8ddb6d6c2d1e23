// corpus: race-free | 16 x 16 tile transpose: load own cell, barrier, read tile(tx, ty)
#include <simt/kernel.hpp>

[[kernel, simt::block(16, 16)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<256>> out) {
  simt::SharedTile<float, 16, 16> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const size_t gx = size_t(simt::block::index_x()) * 16 + tx, gy = size_t(simt::block::index_y()) * 16 + ty;
  const size_t at = gy * 256 + gx;
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = at < in.size() ? in[at] : 0.0f;
  simt::sync_threads();
  const float v = tile(tx, ty);
  if (auto o = out.get_mut(simt::thread::index_2d<256>())) *o = v;
}

// corpus: race-free | Tier 2: 32 x 33 padded tile written with at_mut by a 32 x 8 block, four rows per thread, barrier, transposed reads
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<1024>> out) {
  simt::SharedTile<float, 32, 33> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const size_t x = size_t(simt::block::index_x()) * 32 + tx, y0 = size_t(simt::block::index_y()) * 32;
  for (uint32_t r = ty; r < 32; r += 8) {
    const size_t at = (y0 + r) * 1024 + x;
    // Tier 2: thread (tx, ty) alone writes cells (ty + 8j, tx) of the tile.
    [[simt::unsafe]] { tile.at_mut(r, tx) = at < in.size() ? in[at] : 0.0f; }
  }
  simt::sync_threads();
  const float v = tile(tx, ty);
  if (auto o = out.get_mut(simt::thread::index_2d<1024>())) *o = v;
}

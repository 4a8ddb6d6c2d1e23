// corpus: racy simt-shared-race | atomic adds into a tile's row 0 while its owners read it plainly
#include <simt/kernel.hpp>

[[kernel, simt::block(8, 8)]] void k(simt::DisjointSlice<float, simt::space::Rows<8>> out) {
  simt::SharedTile<float, 8, 8> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = 0.0f;
  simt::sync_threads();
  tile.atomic(0, tx).fetch_add(1.0f, simt::relaxed, simt::block_scope);
  const float v = tile(ty, tx);
  if (auto o = out.get_mut(simt::thread::index_2d<8>())) *o = v;
}

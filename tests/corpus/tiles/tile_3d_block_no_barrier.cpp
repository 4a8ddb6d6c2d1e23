// corpus: racy simt-shared-race | 8 x 8 x 4 block reads the next row's cell before any barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(8, 8, 4)]] void k(simt::AtomicSlice<float> out) {
  simt::SharedTile<float, 32, 8> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y(), tz = simt::thread::index_z();
  const uint32_t r = ty + 8 * tz;
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = float(r * 8 + tx);
  const float next = tile((r + 1) % 32, tx);
  out[(r * 8 + tx) % out.size()].fetch_add(next);
}

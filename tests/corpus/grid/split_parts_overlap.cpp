// corpus: racy simt-global-race | a buffer read in its first n elements and written from n - 1 on: element n - 1 is both
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t n, simt::DisjointSlice<float> buf) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  if (i < n && n > 0) buf.at_mut(size_t(n) - 1 + i) = buf[i];
}

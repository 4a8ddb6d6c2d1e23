// corpus: racy simt-shared-race | tiled multiply without the barrier after the load
#include <simt/kernel.hpp>

// C = A * B for 16 x 16 tiles of n x n matrices (n a multiple of 16).
[[kernel, simt::block(16, 16)]]
void k(uint32_t n, simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float, simt::space::Rows<256>> out) {
  simt::SharedTile<float, 16, 16> as;
  simt::SharedTile<float, 16, 16> bs;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const size_t row = size_t(simt::block::index_y()) * 16 + ty, col = size_t(simt::block::index_x()) * 16 + tx;
  float acc = 0.0f;
  for (uint32_t k0 = 0; k0 < n; k0 += 16) {
    const size_t ia = row * n + k0 + tx, ib = (k0 + ty) * size_t(n) + col;
    if (auto slot = as.get_mut(simt::thread::index_in_block())) *slot = ia < a.size() ? a[ia] : 0.0f;
    if (auto slot = bs.get_mut(simt::thread::index_in_block())) *slot = ib < b.size() ? b[ib] : 0.0f;

    for (uint32_t k = 0; k < 16; ++k) acc += as(ty, k) * bs(k, tx);
    simt::sync_threads();
  }
  const float v = acc;
  if (auto o = out.get_mut(simt::thread::index_2d<256>())) *o = v;
}

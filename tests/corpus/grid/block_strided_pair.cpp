// corpus: race-free | two elements per thread a half block apart: t and t + 256 of the 512 of the block
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * 512 + simt::thread::index_x();
  out.at_mut(base) = 1.0f;
  out.at_mut(base + 256) = 2.0f;
}

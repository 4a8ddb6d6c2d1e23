// corpus: race-free | thread i writes element i + 1
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  out.at_mut(i + 1) = 1.0f;
}

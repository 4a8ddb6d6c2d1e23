// corpus: race-free | four consecutive elements per thread
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t first = (size_t(simt::block::index_x()) * 128 + simt::thread::index_x()) * 4;
  for (uint32_t e = 0; e < 4; ++e) out.at_mut(first + e) = float(e);
}

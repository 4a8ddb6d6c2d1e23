// corpus: race-free | a thread reads back the element it wrote through at_mut
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  out.at_mut(i) = 1.0f;
  const float v = out[i];
  out.at_mut(i) = v * 2.0f;
}

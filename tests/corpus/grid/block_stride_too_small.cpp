// corpus: racy simt-global-race | a block of 128 threads strides by 64 through its part: iterations overlap across threads
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * 1024;
  for (uint32_t j = simt::thread::index_x(); j < 1024; j += 64) out.at_mut(base + j) = 1.0f;
}

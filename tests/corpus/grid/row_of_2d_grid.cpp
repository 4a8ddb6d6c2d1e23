// corpus: racy simt-global-race | a row per block taken from blockIdx.x alone: blocks of one grid column share rows
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t cols, simt::DisjointSlice<float> out) {
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (size_t j = simt::thread::index_x(); j < cols; j += 128) out.at_mut(base + j) = 1.0f;
}

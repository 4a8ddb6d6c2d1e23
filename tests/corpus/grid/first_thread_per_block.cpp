// corpus: race-free | thread 0 of each block writes the result of the block
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  if (simt::thread::index_x() == 0) out.at_mut(simt::block::index_x()) = 1.0f;
}

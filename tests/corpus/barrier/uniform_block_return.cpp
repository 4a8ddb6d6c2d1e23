// corpus: race-free | blocks past the range return as a whole before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t blocks, simt::DisjointSlice<float> out) {
  if (simt::block::index_x() >= blocks) return;
  float v = 1.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

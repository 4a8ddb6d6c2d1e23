// corpus: race-free | two views of the same dynamic shared memory, read after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::dynamic_shared(512, 512)]] void k(simt::DisjointSlice<float> out) {
  auto mine = simt::dynamic_shared<float>();
  auto other = simt::dynamic_shared<float>();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = mine.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = other[(t + 5) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

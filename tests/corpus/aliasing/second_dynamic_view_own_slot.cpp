// corpus: race-free | a second view of the dynamic shared memory reads back the own slot
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::dynamic_shared(512, 512)]] void k(simt::DisjointSlice<float> out) {
  auto mine = simt::dynamic_shared<float>();
  auto other = simt::dynamic_shared<float>();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = mine.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = other[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

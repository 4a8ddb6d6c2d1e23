// corpus: racy simt-shared-race | a helper makes its own dynamic_shared view and reads the neighbour before the barrier
#include <simt/kernel.hpp>

float neighbour() {
  auto view = simt::dynamic_shared<int>();
  return float(view[(simt::thread::index_in_block().get() + 1) % view.size()]);
}

[[kernel, simt::block(64), simt::dynamic_shared(256, 256)]] void k(simt::DisjointSlice<float> out) {
  auto mine = simt::dynamic_shared<int>();
  if (auto slot = mine.get_mut(simt::thread::index_in_block())) *slot = 7;
  const float v = neighbour();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

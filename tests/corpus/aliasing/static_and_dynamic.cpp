// corpus: race-free | writes own slots of the dynamic shared memory, reads neighbours of a static array nobody writes
#include <simt/kernel.hpp>

[[kernel, simt::block(64), simt::dynamic_shared(256, 256)]] void k(simt::DisjointSlice<float> out) {
  auto dyn = simt::dynamic_shared<float>();
  simt::SharedArray<float, 64> fixed;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = dyn.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = fixed[(t + 1) % 64] + dyn[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

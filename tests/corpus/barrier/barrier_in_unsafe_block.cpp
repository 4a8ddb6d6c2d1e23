// corpus: race-free | a barrier written inside an unsafe block that every thread reaches, separating a write from a neighbour read
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  simt::SharedArray<float, 128> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  [[simt::unsafe]] { simt::sync_threads(); }
  v = s[(t + 1) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

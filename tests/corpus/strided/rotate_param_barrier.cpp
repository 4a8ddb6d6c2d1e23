// corpus: race-free | rotation by a parameter k after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t r, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = s[(t + r) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

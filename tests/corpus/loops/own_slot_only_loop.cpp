// corpus: race-free | each iteration reads and writes only the thread's own slot: no barrier needed
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  for (uint32_t i = 0; i < n; ++i) {
    v = s[t] * 0.5f + 1.0f;
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

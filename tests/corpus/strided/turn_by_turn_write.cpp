// corpus: racy simt-shared-race | in round i thread i writes its slot while every thread reads s[i], no barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (uint32_t i = 0; i < 64; ++i) {
    if (i == t) {
      if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    }
    v += s[i];
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

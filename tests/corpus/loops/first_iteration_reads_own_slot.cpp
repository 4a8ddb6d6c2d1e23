// corpus: race-free | the loop's first iteration reads the own slot written before the loop; every later read of slot t + i comes after the loop's barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  s.at_mut(t) = 1.0f;
  float acc = 0.0f;
  for (uint32_t i = 0; i < 4; ++i) {
    acc += s[(t + i) % 64];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

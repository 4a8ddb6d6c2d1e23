// corpus: racy simt-shared-race | the loop's barrier runs only when i == n, so iteration 1 can read slot t + 1 while thread t + 1 is still writing it before the loop
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  s.at_mut(t) = 1.0f;
  float acc = 0.0f;
  for (uint32_t i = 0; i < 4; ++i) {
    acc += s[(t + i) % 64];
    if (i == n) simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

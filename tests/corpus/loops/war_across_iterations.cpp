// corpus: racy simt-shared-race | read s[t + 1], barrier, write own slot: iteration k's write meets iteration k + 1's read
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    v = t + 1 < 128 ? s[t + 1] : v;
    simt::sync_threads();
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

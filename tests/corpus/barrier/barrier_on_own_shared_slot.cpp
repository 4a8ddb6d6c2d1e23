// corpus: racy simt-divergent-barrier | branch on a shared value that differs per thread
#include <simt/kernel.hpp>

[[kernel, simt::block(96)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<uint32_t, 96> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = t % 3;
  simt::sync_threads();
  float v = 0.0f;
  if (s[t] == 0) {
    v = 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

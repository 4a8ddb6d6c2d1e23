// corpus: racy simt-divergent-barrier | break on a thread-dependent test before the loop's barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    if (in[i] > float(t)) break;
    v += in[i];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

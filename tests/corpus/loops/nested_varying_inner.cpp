// corpus: race-free | uniform outer loop with barriers, thread-dependent inner loop without any
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    simt::sync_threads();
    for (uint32_t j = 0; j < t % 8; ++j) v += s[(t + j) % 128];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | #pragma unroll over four rounds of write, barrier, read, barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  #pragma unroll
  for (uint32_t i = 0; i < 4; ++i) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    simt::sync_threads();
    v = s[(t + 1 + i) % 128];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

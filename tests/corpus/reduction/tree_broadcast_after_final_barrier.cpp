// corpus: race-free | tree reduction, then every thread reads the total after the last round's barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  const size_t g = size_t(simt::block::index_x()) * 256 + t;
  if (auto slot = a.get_mut(me)) *slot = g < in.size() ? in[g] : 0.0f;
  simt::sync_threads();
  for (uint32_t s = 128; s > 0; s >>= 1) {

    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  const float v = a[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

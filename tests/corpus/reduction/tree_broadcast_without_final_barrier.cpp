// corpus: racy simt-shared-race | barrier at the top of each round, then every thread reads a[0] that thread 0 just wrote
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  const size_t g = size_t(simt::block::index_x()) * 256 + t;
  if (auto slot = a.get_mut(me)) *slot = g < in.size() ? in[g] : 0.0f;

  for (uint32_t s = 128; s > 0; s >>= 1) {
    simt::sync_threads();
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }

  }
  const float v = a[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

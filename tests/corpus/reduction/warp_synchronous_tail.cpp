// corpus: racy simt-shared-race | the last six rounds run in warp 0 without any barrier (implicit warp synchrony)
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  for (uint32_t s = 128; s > 32; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (t < 32) {
    for (uint32_t s = 32; s > 0; s >>= 1) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
  }
  const float v = t == 0 ? a[0] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

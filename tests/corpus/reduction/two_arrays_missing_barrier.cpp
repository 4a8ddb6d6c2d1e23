// corpus: racy simt-shared-race | sum and max trees; the max round reuses the sum round's barrier but its own array is read too early
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> sum;
  simt::SharedArray<float, 64> mx;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = sum.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  if (auto slot = mx.get_mut(me)) *slot = float(t);
  for (uint32_t s = 32; s > 0; s >>= 1) {
    if (t < s) {
      const float a = sum[t + s];
      const float b = mx[t + s];
      if (auto slot = sum.get_mut(me)) *slot += a;
      if (auto slot = mx.get_mut(me)) *slot = *slot > b ? *slot : b;
    }
    simt::sync_threads();
  }
  const float v = sum[0] + mx[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-shared-race | ping-pong buffers with the middle barrier left out: b is read while its owners write it
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t steps, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> a;
  simt::SharedArray<float, 64> b;
  const uint32_t t = simt::thread::index_x();
  auto me = simt::thread::index_in_block();
  if (auto slot = a.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t it = 0; it < steps; ++it) {
    if (auto slot = b.get_mut(me)) *slot = 0.5f * (a[(t + 63) % 64] + a[(t + 1) % 64]);

    if (auto slot = a.get_mut(me)) *slot = 0.5f * (b[(t + 63) % 64] + b[(t + 1) % 64]);
    simt::sync_threads();
  }
  const float v = a[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

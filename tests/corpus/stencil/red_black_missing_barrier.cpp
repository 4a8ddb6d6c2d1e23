// corpus: racy simt-shared-race | red-black sweeps without the barrier between the colours
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t sweeps, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> u;
  const uint32_t t = simt::thread::index_x();
  auto me = simt::thread::index_in_block();
  if (auto slot = u.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t it = 0; it < sweeps; ++it) {
    if (t % 2 == 0 && t > 0 && t < 127) {
      const float x = 0.5f * (u[t - 1] + u[t + 1]);
      if (auto slot = u.get_mut(me)) *slot = x;
    }

    if (t % 2 == 1 && t < 127) {
      const float x = 0.5f * (u[t - 1] + u[t + 1]);
      if (auto slot = u.get_mut(me)) *slot = x;
    }
    simt::sync_threads();
  }
  const float v = u[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

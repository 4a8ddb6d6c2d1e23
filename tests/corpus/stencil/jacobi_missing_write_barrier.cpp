// corpus: racy simt-shared-race | in-place Jacobi without the barrier after the write: the next sweep reads too early
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t steps, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> u;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = u.get_mut(simt::thread::index_in_block())) *slot = float(t % 7);
  simt::sync_threads();
  for (uint32_t it = 0; it < steps; ++it) {
    const float left = u[t == 0 ? 0 : t - 1], right = u[t == 127 ? 127 : t + 1];
    const float next = 0.5f * (left + right);
    simt::sync_threads();
    if (auto slot = u.get_mut(simt::thread::index_in_block())) *slot = next;

  }
  const float v = u[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

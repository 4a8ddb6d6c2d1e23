// corpus: race-free | sync_threads_and serves as the barrier between a write and a neighbour read
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  simt::SharedArray<float, 128> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  const bool all = simt::sync_threads_and(v >= 0.0f);
  v = all ? s[(t + 1) % 128] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | s[2t] and s[2t + 1] read after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = t < 128 ? s[2 * t] + s[2 * t + 1] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

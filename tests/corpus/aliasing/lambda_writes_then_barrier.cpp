// corpus: race-free | a lambda writes the own slot, a barrier, then a neighbour read
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  auto put = [&](float x) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = x;
  };
  put(float(t) * 3.0f);
  simt::sync_threads();
  const float v = s[(t + 63) % 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

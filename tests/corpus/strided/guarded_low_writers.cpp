// corpus: race-free | threads below 32 write; threads read only slots 32 and up, which nobody writes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (t < 32) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  }

  const float v = s[32 + t % 32];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | a generic lambda reads any slot after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  auto at = [&](auto i) { return s[size_t(i) % 64]; };
  const float v = at(t + 7) + at(63 - t);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

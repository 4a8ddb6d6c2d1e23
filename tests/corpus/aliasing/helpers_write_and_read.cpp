// corpus: race-free | one helper writes the own slot through the LocalIndex, another reads after a barrier
#include <simt/kernel.hpp>

void store(simt::SharedArray<float, 64>& s, const simt::LocalIndex& me, float x) {
  if (auto slot = s.get_mut(me)) *slot = x;
}
float load_left(const simt::SharedArray<float, 64>& s, uint32_t t) { return s[(t + 63) % 64]; }

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  store(s, me, float(t));
  simt::sync_threads();
  const float v = load_left(s, t);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

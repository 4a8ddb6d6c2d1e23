// corpus: racy simt-shared-race | the safe own-slot write races with a Tier 2 unchecked read of the neighbour
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  float v = 0.0f;
  [[simt::unsafe]] { v = s.get_unchecked((t + 1) % 64); }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

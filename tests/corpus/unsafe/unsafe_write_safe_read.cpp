// corpus: racy simt-shared-race | Tier 2 write of s[t + 1] raced by the safe read of the own slot s[t] by thread t + 1
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 65> s;
  const uint32_t t = simt::thread::index_x();
  [[simt::unsafe]] { s.at_mut(t + 1) = float(t); }
  const float v = s[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-shared-race | even threads write, odd threads read their even neighbour s[t ^ 1]
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (t % 2 == 0) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  }

  const float v = t % 2 == 1 ? s[t ^ 1] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-shared-race | writers below 48 and readers of s[t + 16]: thread 0 reads the slot thread 16 writes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (t < 48) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  }

  const float v = t < 48 ? s[t + 16] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

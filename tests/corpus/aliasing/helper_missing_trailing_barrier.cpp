// corpus: racy simt-shared-race | the exchange helper lacks its trailing barrier, so its second call's write meets the first call's read
#include <simt/kernel.hpp>

float exchange(simt::SharedArray<float, 64>& s, float x) {
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = x;
  simt::sync_threads();
  return s[simt::thread::index_x() ^ 1];
}

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  float v = exchange(s, 1.0f);
  v = exchange(s, v + 1.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

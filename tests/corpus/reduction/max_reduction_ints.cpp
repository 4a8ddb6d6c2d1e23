// corpus: race-free | max reduction over ints with a barrier per round
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  simt::SharedArray<int, 64> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = t < in.size() ? in[t] : -2147483647;
  simt::sync_threads();
  for (uint32_t s = 32; s > 0; s /= 2) {
    if (t < s) {
      const int other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot = *slot > other ? *slot : other;
    }
    simt::sync_threads();
  }
  const int v = a[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

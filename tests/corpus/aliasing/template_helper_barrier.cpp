// corpus: race-free | a function template over the array's size reads after a barrier
#include <simt/kernel.hpp>

template <size_t N>
float mirror(const simt::SharedArray<float, N>& s, uint32_t t) {
  return s[N - 1 - t % N];
}

[[kernel, simt::block(32)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 32> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = mirror(s, t);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

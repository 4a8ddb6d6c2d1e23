// corpus: race-free | one index writes the own element of two output slices
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> lo, simt::DisjointSlice<float> hi) {
  auto i = simt::thread::index_1d();
  const float x = i.get() < in.size() ? in[i.get()] : 0.0f;
  if (auto o = lo.get_mut(i)) *o = x < 0.0f ? x : 0.0f;
  if (auto o = hi.get_mut(i)) *o = x < 0.0f ? 0.0f : x;
}

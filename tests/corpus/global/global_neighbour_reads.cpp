// corpus: race-free | a stencil over a read-only input writing the own output element
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  const size_t g = i.get();
  float v = 0.0f;
  if (g >= 1 && g + 1 < in.size()) v = in[g - 1] - 2.0f * in[g] + in[g + 1];
  if (auto o = out.get_mut(i)) *o = v;
}

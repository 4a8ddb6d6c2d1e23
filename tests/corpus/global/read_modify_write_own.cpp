// corpus: race-free | read-modify-write of the own element through two handles in turn
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> bias, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o *= 2.0f;
  if (auto o = out.get_mut(i)) *o += bias.size() > 0 ? bias[0] : 0.0f;
}

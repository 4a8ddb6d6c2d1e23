// corpus: race-free | each thread writes its own element through index_1d()
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  auto i = simt::thread::index_1d();
  if (auto o = y.get_mut(i)) *o += a * (i.get() < x.size() ? x[i.get()] : 0.0f);
}

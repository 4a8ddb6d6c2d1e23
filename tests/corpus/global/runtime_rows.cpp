// corpus: race-free | row width bound at launch; the index is taken from the slice itself
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  auto i = simt::thread::index_2d_runtime(out);
  if (auto o = out.get_mut(i)) *o = i.get() < in.size() ? in[i.get()] + float(i.col()) : 0.0f;
}

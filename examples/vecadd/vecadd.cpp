// c = a + b, one element per thread.
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::requires("a.size() >= c.size()", "b.size() >= c.size()")]]
void vecadd(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> c) {
  auto i = simt::thread::index_1d();
  if (auto out = c.get_mut(i)) *out = a[i.get()] + b[i.get()];
}

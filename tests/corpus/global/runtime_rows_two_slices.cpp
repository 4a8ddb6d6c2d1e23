// corpus: race-free | one runtime-rows index used on two slices of different widths
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float, simt::space::RuntimeRows> a, simt::DisjointSlice<float, simt::space::RuntimeRows> b) {
  auto i = simt::thread::index_2d_runtime(a);
  if (auto o = a.get_mut(i)) *o = 1.0f;
  if (auto o = b.get_mut(i)) *o = 2.0f;
}

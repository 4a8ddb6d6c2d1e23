// Kernels for the command-line tests (pipeline, resource usage): a template instance, whose PTX
// entry is named otherwise than in C++, and a plain kernel.
#include <simt/kernel.hpp>

template <class T>
[[kernel]] void scale(T factor, simt::Slice<const T> in, simt::DisjointSlice<T> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = factor * in[i.get()];
}
template void scale<float>(float, simt::Slice<const float>, simt::DisjointSlice<float>);

[[kernel]] void fill(float value, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = value;
}

// A kernel file of an example, found through add_gpu_kernels() and compiled with its OPTIONS.
#include <simt/kernel.hpp>
[[kernel]] void k(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = in[i.get()];
}

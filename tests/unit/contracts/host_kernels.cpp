// Kernels for the CPU path's checked launchers (host_launch_test.cpp): a struct from a shared
// header, one the kernel file defines itself, and a kernel in a namespace.
#include <simt/kernel.hpp>

#include "taps.hpp"

[[kernel, simt::block(128), simt::requires("out.size() <= in.size()")]]
void smooth(filters::Taps taps, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float sum = 0.0f;
    for (uint32_t k = 0; k < taps.count && k < 3; ++k)
      if (i.get() + k < in.size()) sum += taps.weight[k] * in[i.get() + k];
    *o = sum;
  }
}

// Defined here, so host code cannot name it: the kernel has GPU launchers only.
struct Local {
  float scale;
};

[[kernel]] void scale_local(Local local, simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = local.scale;
}

namespace ops {
[[kernel, simt::max_threads(256)]] void iota(simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = uint32_t(i.get());
}
}  // namespace ops

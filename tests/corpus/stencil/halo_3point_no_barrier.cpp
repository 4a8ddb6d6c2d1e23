// corpus: racy simt-shared-race | 1-D 3-point stencil reading the neighbours before the barrier
#include <simt/kernel.hpp>

// Blocks of 130 threads: thread t loads element 128 b + t - 1 (threads 0 and 129 load the
// halo), and threads 1..128 compute the 3-point average of their element.
[[kernel, simt::block(130)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 130> s;
  const uint32_t t = simt::thread::index_x();
  const size_t g = size_t(simt::block::index_x()) * 128 + t;
  const bool inside = g >= 1 && g - 1 < in.size();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = inside ? in[g - 1] : 0.0f;

  float v = 0.0f;
  if (t >= 1 && t <= 128) v = (s[t - 1] + s[t] + s[t + 1]) / 3.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

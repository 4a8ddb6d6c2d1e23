// corpus: racy simt-divergent-barrier | threads whose input is negative return before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const size_t g = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  if (g >= in.size() || in[g] < 0.0f) return;
  float v = in[g];
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

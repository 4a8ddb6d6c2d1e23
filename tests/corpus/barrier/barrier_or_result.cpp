// corpus: race-free | barrier under the block-wide result of sync_threads_or
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const bool mine = t < in.size() && in[t] < 0.0f;
  float v = 0.0f;
  if (simt::sync_threads_or(mine)) {
    v = 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

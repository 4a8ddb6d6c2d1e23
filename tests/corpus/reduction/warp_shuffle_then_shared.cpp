// corpus: race-free | per-warp shuffle sums, published in shared memory, summed by warp 0 after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> sums;
  const uint32_t t = simt::thread::index_x();
  const size_t g = size_t(simt::block::index_x()) * 256 + t;
  float x = g < in.size() ? in[g] : 0.0f;
  x = simt::warp::reduce_add(simt::warp::full_mask, x);
  if (auto slot = sums.get_mut(simt::thread::index_in_block())) *slot = x;
  simt::sync_threads();
  float v = 0.0f;
  if (t < 32) {
    v = t < 8 ? sums[t * 32] : 0.0f;
    v = simt::warp::reduce_add(simt::warp::full_mask, v);
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

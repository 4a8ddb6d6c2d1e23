// corpus: racy simt-warp-divergence | redux_add under a test of each thread's own input element
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const int> in, simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  const size_t g = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  if (g < in.size() && in[g] > 0) v = float(simt::warp::redux_add(simt::warp::full_mask, uint32_t(in[g])));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | a break on a value read at a uniform address leaves the loop in every thread
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  for (uint32_t i = 0; i < n && i < in.size(); ++i) {
    if (in[i] == 0.0f) break;
    v += in[i];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

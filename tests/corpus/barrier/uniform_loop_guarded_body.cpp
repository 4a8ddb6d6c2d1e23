// corpus: race-free | block-stride loop with a uniform trip count; the guard covers work, not the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (size_t base = 0; base < in.size(); base += 128) {
    if (base + t < in.size()) v += in[base + t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

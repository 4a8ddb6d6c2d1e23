// corpus: race-free | a tile of the input per iteration: barrier, load own slot, barrier, read the whole tile
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (size_t base = 0; base < in.size(); base += 64) {
    simt::sync_threads();
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = base + t < in.size() ? in[base + t] : 0.0f;
    simt::sync_threads();
    for (uint32_t j = 0; j < 64; ++j) v += s[j];
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

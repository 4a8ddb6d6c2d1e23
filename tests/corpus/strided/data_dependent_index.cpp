// corpus: racy simt-shared-race | an index read from the input: in[t] = t + 1 makes neighbours meet
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const uint32_t> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = t < in.size() ? s[in[t] % 64] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

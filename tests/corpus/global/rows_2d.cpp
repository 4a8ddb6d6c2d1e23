// corpus: race-free | 2-D launch writing Rows<64> through index_2d<64>()
#include <simt/kernel.hpp>

[[kernel, simt::block(16, 16)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  auto i = simt::thread::index_2d<64>();
  if (auto o = out.get_mut(i)) *o = i.get() < in.size() ? 2.0f * in[i.get()] : 0.0f;
}

// corpus: race-free | a fixed-size tile per thread instead of a grid-stride loop
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Tile<8>> out) {
  auto i = simt::thread::index_tile<8>();
  if (auto tile = out.get_mut(i))
    for (size_t k = 0; k < tile.size(); ++k) tile[k] = i.get() + k < in.size() ? in[i.get() + k] * 0.5f : 0.0f;
}

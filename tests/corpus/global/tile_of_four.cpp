// corpus: race-free | each thread writes the four elements of its tile, fewer at the end
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float, simt::space::Tile<4>> out) {
  auto i = simt::thread::index_tile<4>();
  if (auto tile = out.get_mut(i))
    for (size_t k = 0; k < tile.size(); ++k) tile[k] = float(i.get() + k);
}

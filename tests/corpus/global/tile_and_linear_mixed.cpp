// corpus: racy simt-index-space | a Tile<4> slice written with tile indices by odd threads and 1-D indices by even ones: thread 4's element is in thread 1's tile
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float, simt::space::Tile<4>> out) {
  if (simt::thread::index_x() % 2 == 1) {
    if (auto tile = out.get_mut(simt::thread::index_tile<4>())) tile[0] = 1.0f;
  } else {
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = 2.0f;
  }
}

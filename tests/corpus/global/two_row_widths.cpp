// corpus: racy simt-index-space | a Rows<32> slice written with index_2d<64>() in even rows: (40, 0) and (8, 1) name element 40
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float, simt::space::Rows<32>> out) {
  if (simt::thread::index_y() % 2 == 0) {
    if (auto o = out.get_mut(simt::thread::index_2d<64>())) *o = 1.0f;
  } else {
    if (auto o = out.get_mut(simt::thread::index_2d<32>())) *o = 2.0f;
  }
}

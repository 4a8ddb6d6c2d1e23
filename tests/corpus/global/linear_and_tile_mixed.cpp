// corpus: racy simt-index-space | a 1-D slice written with index_tile<2>() by odd threads: thread 1 and thread 2 both name element 2
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float> out) {
  if (simt::thread::index_x() % 2 == 1) {
    if (auto o = out.get_mut(simt::thread::index_tile<2>())) *o = 1.0f;
  } else {
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = 2.0f;
  }
}

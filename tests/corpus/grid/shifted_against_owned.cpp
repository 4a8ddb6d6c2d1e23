// corpus: racy simt-global-race | get_mut(index_1d()) writes element i and at_mut element i + 1, which thread i + 1 owns
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  out.at_mut(size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x() + 1) = 2.0f;
}

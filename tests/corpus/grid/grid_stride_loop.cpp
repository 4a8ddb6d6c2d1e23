// corpus: race-free | a grid-stride loop: thread g writes g, g + S, g + 2S, ... with S the threads of the grid
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0 || simt::block::dim_y() != 1 ||
      simt::block::dim_z() != 1)
    return;
  const size_t stride = size_t(simt::grid::dim_x()) * simt::block::dim_x();
  for (size_t i = size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x(); i < out.size();
       i += stride)
    out.at_mut(i) = 2.0f * x[i];
}

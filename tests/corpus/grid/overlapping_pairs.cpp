// corpus: racy simt-global-race | thread t writes elements 2t and 2t + 2: neighbours share one
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t t = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.at_mut(2 * t) = 1.0f;
  out.at_mut(2 * t + 2) = 2.0f;
}

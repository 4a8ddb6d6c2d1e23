// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Each index space written with its own index, under contracts that keep the indices valid.
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void linear(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = 1.0f;
}
[[kernel, simt::block(16, 16)]] void rows(simt::DisjointSlice<float, simt::space::Rows<100>> out) {
  auto i = simt::thread::index_2d<100>();
  if (auto o = out.get_mut(i)) *o = float(i.row() + i.col());
}
[[kernel, simt::block(32, 8)]] void runtime_rows(simt::DisjointSlice<float, simt::space::RuntimeRows> a,
                                                 simt::DisjointSlice<float, simt::space::RuntimeRows> b) {
  auto i = simt::thread::index_2d_runtime(a);
  if (auto o = a.get_mut(i)) *o = 1.0f;
  if (auto o = b.get_mut(i)) *o = 2.0f;  // same (row, col), b's own width
}
[[kernel]] void tiles(simt::DisjointSlice<int, simt::space::Tile<4>> out) {
  auto i = simt::thread::index_tile<4>();
  if (auto tile = out.get_mut(i))
    for (size_t k = 0; k < tile.size(); ++k) tile[k] = int(k);
}

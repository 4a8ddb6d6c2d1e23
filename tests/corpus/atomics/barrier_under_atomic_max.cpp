// corpus: racy simt-divergent-barrier | barrier only in the threads whose atomic max raised the global value
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::AtomicSlice<int> best, simt::DisjointSlice<int> out) {
  const int mine = int(simt::thread::index_x() * 7 % 64);
  int v = best[0].fetch_max(mine);
  if (v < mine) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

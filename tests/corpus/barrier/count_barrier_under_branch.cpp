// corpus: racy simt-divergent-barrier | sync_threads_count reached by threads below n only
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  const uint32_t t = simt::thread::index_x();
  uint32_t c = 0;
  if (t < n) c = simt::sync_threads_count(t % 2 == 0);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = c;
}

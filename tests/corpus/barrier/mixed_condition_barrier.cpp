// corpus: racy simt-divergent-barrier | a uniform test and a thread test joined by &&
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (n > 0 && simt::thread::index_x() < 32) simt::sync_threads();
  v = float(n);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-divergent-barrier | do-while loop with a barrier and a thread-dependent exit
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  uint32_t i = 0;
  float v = 0.0f;
  do {
    v += 1.0f;
    simt::sync_threads();
    ++i;
  } while (i <= t % 4);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

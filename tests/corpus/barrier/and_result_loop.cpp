// corpus: race-free | a loop that runs until every thread agrees, through sync_threads_and
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  uint32_t round = 0;
  while (!simt::sync_threads_and(round > t % 5)) {
    v += 1.0f;
    ++round;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

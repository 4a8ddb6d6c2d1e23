// corpus: race-free | barrier after a loop whose trip count depends on the thread
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  for (uint32_t i = 0; i < simt::thread::index_x(); ++i) v += 0.5f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: racy simt-divergent-barrier | a helper with a barrier called under a thread-dependent branch
#include <simt/kernel.hpp>

void publish() { simt::sync_threads(); }

[[kernel, simt::block(256)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (simt::thread::index_x() < n) {
    v = 1.0f;
    publish();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

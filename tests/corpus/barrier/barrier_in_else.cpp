// corpus: racy simt-divergent-barrier | barrier on the else side of a thread-dependent if
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  if (t < 64) {
    v = 1.0f;
  } else {
    simt::sync_threads();
    v = 2.0f;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

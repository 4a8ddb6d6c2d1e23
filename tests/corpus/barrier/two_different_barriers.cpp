// corpus: racy simt-divergent-barrier | each side of a thread branch has its own barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (simt::thread::index_x() < 100) {
    v = 1.0f;
    simt::sync_threads();
  } else {
    simt::sync_threads();
    v = 2.0f;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

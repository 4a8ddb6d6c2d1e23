// corpus: racy simt-divergent-barrier | barrier in one case of a switch on the thread index
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  switch (simt::thread::index_x() & 3) {
    case 1:
      simt::sync_threads();
      v = 1.0f;
      break;
    default:
      v = 2.0f;
      break;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

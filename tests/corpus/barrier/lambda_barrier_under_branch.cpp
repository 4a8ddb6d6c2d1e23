// corpus: racy simt-divergent-barrier | a lambda that waits at a barrier, called by even threads
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  auto step = [&v] {
    v += 1.0f;
    simt::sync_threads();
  };
  if (simt::thread::index_x() % 2 == 0) step();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

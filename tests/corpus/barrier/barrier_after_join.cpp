// corpus: race-free | barrier after a thread-dependent branch has joined
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (simt::thread::index_x() % 3 == 0) v = 1.0f;
  else v = 2.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

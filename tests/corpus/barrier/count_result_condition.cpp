// corpus: race-free | barrier under the block-wide count returned by sync_threads_count
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (simt::sync_threads_count(t % 4 == 0) > 8) {
    v = 0.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

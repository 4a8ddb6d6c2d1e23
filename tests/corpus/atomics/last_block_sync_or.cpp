// corpus: race-free | the block that takes the last ticket learns it through sync_threads_or and runs an extra barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t blocks, simt::AtomicSlice<uint32_t> done, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  bool mine = false;
  if (t == 0) {
    simt::fence_device();
    mine = done[0].fetch_add(1u, simt::acq_rel) + 1 == blocks;
  }
  float v = 0.0f;
  if (simt::sync_threads_or(mine)) {
    v = 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

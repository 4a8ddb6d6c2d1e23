// corpus: race-free | thread 0 publishes its ticket in shared memory; the branch on it is the same in every thread
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t blocks, simt::AtomicSlice<uint32_t> done, simt::DisjointSlice<float> out) {
  simt::SharedArray<uint32_t, 128> ticket;
  const uint32_t t = simt::thread::index_x();
  if (t == 0) {
    if (auto slot = ticket.get_mut(simt::thread::index_in_block())) *slot = done[0].fetch_add(1u, simt::acq_rel);
  }
  simt::sync_threads();
  float v = 0.0f;
  if (ticket[0] + 1 == blocks) {
    v = 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

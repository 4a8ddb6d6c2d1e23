// corpus: racy simt-divergent-barrier | barrier under the result of a global atomic
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::AtomicSlice<uint32_t> ticket, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (ticket[0].fetch_add(1u) % 2 == 0) {
    simt::sync_threads();
    v = 1.0f;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// corpus: race-free | barrier under a value read at a uniform address of a read-only slice
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const uint32_t> params, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  if (params.size() > 0 && params[0] > 3) {
    v = 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

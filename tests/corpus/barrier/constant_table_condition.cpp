// corpus: race-free | barrier under a constant table indexed by the block
#include <simt/kernel.hpp>

constexpr uint32_t kPhase[4] = {1, 0, 1, 1};

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  if (kPhase[simt::block::index_x() % 4] != 0) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

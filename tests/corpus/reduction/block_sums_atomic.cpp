// corpus: race-free | shared tree per block, then thread 0 adds the block's sum to a global atomic
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::AtomicSlice<float> total) {
  simt::SharedArray<float, 128> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  const size_t g = size_t(simt::block::index_x()) * 128 + t;
  if (auto slot = a.get_mut(me)) *slot = g < in.size() ? in[g] : 0.0f;
  simt::sync_threads();
  for (uint32_t s = 64; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (t == 0) total[0].fetch_add(a[0]);
}

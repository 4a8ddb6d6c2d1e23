// corpus: racy simt-shared-race | block 16 x 16: every row reads row 0's cells before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(16, 16)]] void k(simt::AtomicSlice<float> out) {
  simt::SharedArray<float, 256> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = s[simt::thread::index_x()];
  if (out.size() > 0) out[0].fetch_add(v);
}

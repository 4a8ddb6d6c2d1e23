// corpus: race-free | a 1-D block of 256: s[threadIdx.x] is the own slot
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::AtomicSlice<float> out) {
  simt::SharedArray<float, 256> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = s[simt::thread::index_x()];
  if (out.size() > 0) out[0].fetch_add(v);
}

// corpus: race-free | (t + 128) % 128 is the thread's own slot: no barrier needed
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);

  const float v = s[(t + 128) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

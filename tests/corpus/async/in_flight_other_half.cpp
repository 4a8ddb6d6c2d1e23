// corpus: race-free | a copy in flight across a barrier into the upper half while the lower half is read; the upper half is read after the wait and a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  simt::async::copy<4>(s, 64 + t, in, t);
  simt::async::commit();
  simt::sync_threads();
  float v = s[63 - t];
  simt::async::wait<0>();
  simt::sync_threads();
  v += s[127 - t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

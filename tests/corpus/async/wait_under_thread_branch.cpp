// corpus: racy simt-shared-race | only threads below 32 wait; thread 63's copy may still land after the barrier, where thread 0 reads it
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  if (t < 32) simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[63 - t];
}

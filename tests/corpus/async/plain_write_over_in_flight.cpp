// corpus: racy simt-shared-race | a copy still in flight after the barrier, and another thread's plain write of the same slot right after it
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  simt::sync_threads();
  s.at_mut((t + 1) % 64) = 1.0f;
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

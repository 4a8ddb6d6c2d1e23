// corpus: racy simt-shared-race | wait<1> leaves the newest group in flight, and its array is read by other threads after the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> a;
  simt::SharedArray<float, 64> b;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(a, t, in, t);
  simt::async::commit();
  simt::async::copy<4>(b, t, in, 64 + t);
  simt::async::commit();
  simt::async::wait<1>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = b[63 - t];
}

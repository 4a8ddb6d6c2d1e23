// corpus: race-free | two groups, wait<1> completes the older: its array is read after the barrier, the newer one's after wait<0> and a second barrier
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
  float v = a[63 - t];
  simt::async::wait<0>();
  simt::sync_threads();
  v += b[63 - t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

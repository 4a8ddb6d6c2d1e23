// corpus: race-free | two-stage pipeline: stage (k + 1) % 2 refilled while stage k % 2 is read, wait<1> at the top and a barrier at the bottom of each iteration
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::requires("in.size() >= tiles * 128")]] void k(uint32_t tiles, simt::Slice<const float> in,
                                                                                 simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  simt::async::copy<4>(stage, t, in, t);
  simt::async::commit();
  for (uint32_t i = 0; i < tiles; ++i) {
    if (i + 1 < tiles) {
      simt::async::copy<4>(stage, ((i + 1) % 2) * 128 + t, in, (size_t(i) + 1) * 128 + t);
      simt::async::commit();
      simt::async::wait<1>();
    } else {
      simt::async::wait<0>();
    }
    simt::sync_threads();
    acc += stage[(i % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

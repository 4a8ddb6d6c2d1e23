// corpus: racy simt-shared-race | three-stage pipeline that waits with wait<2>: tile i, committed two groups ago, may still be landing when stage i % 3 is read
#include <simt/kernel.hpp>

[[kernel, simt::block(64), simt::requires("in.size() >= tiles * 64")]] void k(uint32_t tiles, simt::Slice<const float> in,
                                                                               simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 3 * 64> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  simt::async::copy<4>(stage, t, in, t);
  simt::async::commit();
  simt::async::copy<4>(stage, 64 + t, in, 64 + t);
  simt::async::commit();
  for (uint32_t i = 0; i < tiles; ++i) {
    simt::async::wait<2>();
    simt::sync_threads();
    acc += stage[(i % 3) * 64 + (t + 1) % 64];
    simt::sync_threads();
    if (i + 2 < tiles) simt::async::copy<4>(stage, ((i + 2) % 3) * 64 + t, in, (size_t(i) + 2) * 64 + t);
    simt::async::commit();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// corpus: racy simt-shared-race | the refill goes into stage (i + 2) % 2, which is the stage i % 2 other threads are reading
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t tiles, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t i = 0; i < tiles; ++i) {
    simt::async::copy<4>(stage, ((i + 2) % 2) * 128 + t, in, (size_t(i) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(i % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

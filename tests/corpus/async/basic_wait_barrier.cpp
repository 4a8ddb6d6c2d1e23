// corpus: race-free | each thread copies its own 16 bytes, waits for its group, then a barrier; neighbours' chunks read after it
#include <simt/kernel.hpp>

[[kernel, simt::block(96)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 384, 16> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<16>(s, 4 * t, in, 4 * size_t(simt::thread::index_1d().get()));
  simt::async::commit();
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[(4 * t + 9) % 384];
}

// corpus: racy simt-shared-race | a strided copy loop whose chunk index c / 2 gives threads 2j and 2j + 1 the same 16 bytes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 512, 16> s;
  const uint32_t t = simt::thread::index_x();
  for (uint32_t c = t; c < 256; c += 64) simt::async::copy<16>(s, 4 * (c / 2), in, 4 * size_t(c));
  simt::async::wait_all();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

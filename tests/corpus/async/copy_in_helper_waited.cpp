// corpus: race-free | the copies of a strided loop in a helper, committed and waited for by the caller before the barrier
#include <simt/kernel.hpp>

void fill(simt::SharedArray<float, 1024, 16>& s, const simt::Slice<const float>& in, uint32_t t) {
  for (uint32_t c = t; c < 256; c += 64) simt::async::copy<16>(s, 4 * c, in, 4 * size_t(c));
}

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 1024, 16> s;
  const uint32_t t = simt::thread::index_x();
  fill(s, in, t);
  simt::async::commit();
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[1023 - 5 * t];
}

// corpus: race-free | wait_all commits and waits in one: no commit() is needed before it
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::wait_all();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[(t + 1) % 64];
}

// corpus: racy simt-shared-race | the group is committed but never waited for: thread t reads thread 95 - t's chunk while it may still land
#include <simt/kernel.hpp>

[[kernel, simt::block(96)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 96> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[95 - t];
}

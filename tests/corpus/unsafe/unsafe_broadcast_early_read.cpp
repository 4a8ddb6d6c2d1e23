// corpus: racy simt-shared-race | Tier 2 leader write of element 0 read by the safe code of every thread before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 1> scale;
  if (simt::thread::index_x() == 0) {
    [[simt::unsafe]] { scale.at_mut(0) = 3.0f; }
  }
  const float v = scale[0];
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

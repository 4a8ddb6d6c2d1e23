// corpus: race-free | Tier 2: thread 0 writes element 0 with at_mut, barrier, everyone reads it
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 1> scale;
  if (simt::thread::index_x() == 0) {
    // Tier 2: only thread 0 writes the broadcast value before the barrier.
    [[simt::unsafe]] { scale.at_mut(0) = in.size() > 0 ? in[0] : 1.0f; }
  }
  simt::sync_threads();
  const float v = scale[0] * 2.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

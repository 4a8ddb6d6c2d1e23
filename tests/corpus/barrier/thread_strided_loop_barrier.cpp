// corpus: racy simt-divergent-barrier | barrier inside a loop whose trip count depends on the thread
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  for (size_t i = simt::thread::index_x(); i < in.size(); i += 128) {
    v += in[i];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

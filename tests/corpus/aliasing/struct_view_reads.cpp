// corpus: racy simt-shared-race | a struct holding a reference to the array reads the left slot before the barrier
#include <simt/kernel.hpp>

struct Window {
  const simt::SharedArray<float, 64>& s;
  float left(uint32_t t) const { return s[(t + 63) % 64]; }
};

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  Window w{s};
  const float v = w.left(t);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

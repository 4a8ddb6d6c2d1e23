// corpus: race-free | only even threads write; everyone reads odd slots, which nobody writes
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (t % 2 == 0) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  }

  const float v = s[t | 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

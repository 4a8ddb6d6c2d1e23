// corpus: race-free | lanes write their shared slot, warp::sync, then read the partner lane's slot
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::warp::sync(simt::warp::full_mask);
  const float v = s[t ^ 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

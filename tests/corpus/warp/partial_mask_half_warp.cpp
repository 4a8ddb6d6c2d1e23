// corpus: race-free | lanes below 16 shuffle among themselves with mask 0xffff and width 16
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane < 16) v = simt::warp::shuffle_xor(0x0000ffffu, v, 1, 16);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

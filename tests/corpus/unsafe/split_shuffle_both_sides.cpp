// corpus: race-free | Tier 2: both sides of a lane branch run the same full-mask shuffle
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  float v = float(simt::thread::index_x());
  // Tier 2: every lane reaches a shuffle with the full mask, from one side or the other.
  if (simt::warp::lane_id() < 16) {
    [[simt::unsafe]] { v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 16); }
  } else {
    [[simt::unsafe]] { v = -simt::warp::shuffle_xor(simt::warp::full_mask, v, 16); }
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// A warpgroup matrix product whose accumulators the epilogue reads while a wgmma may still be
// in flight, in ptxas's judgement: ptxas serializes the wgmmas and says so (C7514).
#include <simt/kernel.hpp>

using MapA = simt::TensorMap<simt::bfloat16, 64, 64>;
using MapB = simt::TensorMap<simt::bfloat16, 64, 128>;

[[kernel, simt::block(128)]]
void serialized(uint32_t k_tiles, simt::DisjointSlice<float> c) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> sa;
  simt::SharedTile<simt::bfloat16, 128, 64, 1024> sb;
  simt::wgmma::Accumulator<128> d;
  const auto da = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sa);
  const auto db = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sb);
  for (uint32_t kt = 0; kt < k_tiles; ++kt) {
    [[simt::unsafe]] {  // the whole warpgroup; the tiles hold whatever they hold
      simt::wgmma::fence(d);
      simt::wgmma::mma_async(d, da, db, kt > 0);
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<1>(d);
    }
  }
  [[simt::unsafe]] {  // each element of the tile belongs to one thread (the fragment layout)
    simt::wgmma::wait_group<0>(d);
    for (uint32_t i = 0; i < d.size; ++i) c.get_unchecked_mut(d.row(i) * 128 + d.col(i)) = d.reg[i];
  }
  if (simt::warp::lane_id() == 0) {
    [[simt::unsafe]] {  // no bulk stores: returns at once
      simt::tma::wait_group<0>();
    }
  }
}

// The sum of a float array in two launches of one kernel: each block reduces its share of the
// input to one partial sum, then a single block reduces the partial sums.
//
// A thread first adds the Float4s of a grid-stride loop (coalesced 16-byte loads), then the
// block combines its kBlock sums: a tree in shared memory down to 64 sums, then the first warp
// adds its two values per lane and finishes with warp shuffles.
#include <simt/kernel.hpp>

#include "reduction.hpp"

/// out[b] = the sum of the elements block b visits: quads[q] for q = b * kBlock + t, stepping by
/// the grid's thread count, and (block 0) the up to 3 elements of `all` past the last Float4.
/// `quads` views the first 4 * quads.size() elements of `all`.
[[kernel, simt::block(kBlock)]] void block_sum(simt::Slice<const Float4> quads, simt::Slice<const float> all,
                          simt::AtomicSlice<float> out) {
  simt::SharedArray<float, kBlock> partial;
  auto me = simt::thread::index_in_block();
  const size_t t = me.get();
  const size_t stride = size_t(simt::grid::dim_x()) * kBlock;

  float sum = 0.0f;
  for (size_t q = size_t(simt::block::index_x()) * kBlock + t; q < quads.size(); q += stride) {
    const Float4 v = quads[q];
    sum += (v.x + v.y) + (v.z + v.w);
  }
  const size_t tail = 4 * quads.size();
  if (simt::block::index_x() == 0 && tail + t < all.size()) sum += all[tail + t];

  if (auto slot = partial.get_mut(me)) *slot = sum;
  simt::sync_threads();
  for (uint32_t half = kBlock / 2; half >= 64; half /= 2) {
    if (t < half) {
      const float other = partial[t + half];
      if (auto slot = partial.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (t < 32) {
    const float v = simt::warp::reduce_add(simt::warp::full_mask, partial[t] + partial[t + 32]);
    if (t == 0) out[simt::block::index_x()].store(v);
  }
}

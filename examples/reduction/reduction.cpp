// The sum of a float array in one launch. Each block adds its share of the input, stores the
// block's sum in `partials`, and counts itself in `arrived[0]`; the block that counts last adds
// the partial sums and writes the result.
//
// A thread first adds the Float4s of a grid-stride loop (coalesced 16-byte loads, kUnroll of
// them in flight: each step loads the Float4s of kUnroll strides, each under its own range
// test, before it adds any; a loop of one load a step waits for each before the next), then the
// block combines its kBlock sums: a tree in shared memory down to 64 sums, then the first warp
// adds its two values per lane and finishes with warp shuffles. The last block's test is a
// barrier that reduces a predicate (sync_threads_or), so the whole block takes the same branch.
// One launch instead of two saves the second launch's start and its one-block tail: on an
// H100, 1.017 / 1.007 / 0.998 x CUB's DeviceReduce::Sum time at 2^25 / 2^27 / 2^29 floats,
// where two launches read 1.02-1.03 x; four loads in flight a thread then made it 0.994 /
// 1.000 / 0.999 x (102 % of the copy bandwidth at 2^29).
#include <simt/kernel.hpp>

#include "reduction.hpp"

namespace {

/// The sum of `value` over the block, in thread 0 (the other threads' results are partial).
float block_total(simt::SharedArray<float, kBlock>& partial, const simt::LocalIndex& me, float value) {
  const size_t t = me.get();
  if (auto slot = partial.get_mut(me)) *slot = value;
  simt::sync_threads();
  for (uint32_t half = kBlock / 2; half >= 64; half /= 2) {
    if (t < half) {
      const float other = partial[t + half];
      if (auto slot = partial.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  float total = 0.0f;
  if (t < 32) total = simt::warp::reduce_add(simt::warp::full_mask, partial[t] + partial[t + 32]);
  return total;
}

}  // namespace

/// out[0] = the sum of `all`. Block b adds quads[q] for q = b * kBlock + t, stepping by the
/// grid's thread count, and (block 0) the up to 3 elements of `all` past the last Float4; it
/// stores that sum in partials[b]. `quads` views the first 4 * quads.size() elements of `all`.
/// arrived[0] must be 0 before the launch; the last block sets it back to 0.
[[kernel, simt::block(kBlock)]] void sum(simt::Slice<const Float4> quads, simt::Slice<const float> all,
                                         simt::AtomicSlice<float> partials, simt::AtomicSlice<uint32_t> arrived,
                                         simt::AtomicSlice<float> out) {
  // A 1-D grid: blocks of a second grid row would add the same quads again.
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  simt::SharedArray<float, kBlock> partial;
  auto me = simt::thread::index_in_block();
  const size_t t = me.get();
  const uint32_t blocks = simt::grid::dim_x();
  const size_t stride = size_t(blocks) * kBlock;

  // Four Float4s per step, each loaded where it is in range: the four loads are independent of
  // each other and of the sum, so they are in flight together.
  float sum = 0.0f;
  for (size_t q = size_t(simt::block::index_x()) * kBlock + t; q < quads.size(); q += kUnroll * stride) {
    Float4 v[kUnroll] = {};
#pragma unroll
    for (uint32_t u = 0; u < kUnroll; ++u)
      if (q + u * stride < quads.size()) v[u] = quads[q + u * stride];
#pragma unroll
    for (uint32_t u = 0; u < kUnroll; ++u) sum += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  const size_t tail = 4 * quads.size();
  if (simt::block::index_x() == 0 && tail + t < all.size()) sum += all[tail + t];
  const float total = block_total(partial, me, sum);

  // Thread 0 publishes the block's sum, then counts the block: the release orders the sum
  // before the count, and the last block's acquire (the count's read) sees every sum.
  bool last = false;
  if (t == 0) {
    partials[simt::block::index_x()].store(total);
    last = arrived[0].fetch_add(1u, simt::acq_rel) == blocks - 1;
  }
  // The barrier hands thread 0's acquire to the whole block, and its result is the block's.
  if (!simt::sync_threads_or(last)) return;
  float mine = 0.0f;
  for (size_t b = t; b < blocks; b += kBlock) mine += partials[b].load();
  const float all_blocks = block_total(partial, me, mine);
  if (t == 0) {
    out[0].store(all_blocks);
    arrived[0].store(0u);  // ready for the next launch
  }
}

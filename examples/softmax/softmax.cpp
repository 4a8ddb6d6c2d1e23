// Row-wise softmax: out[r][j] = exp(in[r][j] - max_r) / sum_j exp(in[r][j] - max_r). One block
// per row; its threads stride through the row (coalesced), and the block combines their
// maxima and sums with warp shuffles and one shared-memory slot per warp. When the launch gives
// the row's size in dynamic shared memory, the first pass keeps the row there and the later
// passes read it back instead of reading global memory again.
#include <cfloat>

#include <simt/kernel.hpp>

#include "softmax.hpp"

namespace {

// Combines `v` over the block's kBlock threads with `op`; every thread gets the result.
template <class Op>
float block_combine(float v, Op op) {
  simt::SharedArray<float, kBlock / 32> per_warp;
  for (int32_t offset = 16; offset > 0; offset /= 2) v = op(v, simt::warp::shuffle_xor(simt::warp::full_mask, v, offset));
  // Lane 0 of each warp writes that warp's slot (and only it).
  if (simt::warp::lane_id() == 0) per_warp.at_mut(simt::warp::warp_id()) = v;
  simt::sync_threads();
  float r = per_warp[0];
  for (uint32_t w = 1; w < kBlock / 32; ++w) r = op(r, per_warp[w]);
  simt::sync_threads();  // every thread has read per_warp before the next call writes it
  return r;
}

}  // namespace

// The requirements say the matrices hold rows x cols elements: every index below is then proven
// in range and keeps no bounds check. The last one keeps the 32-bit column counters' `j + 256`
// from wrapping, so the loops count in 32 bits, as the CUDA twin's `int` does.
[[kernel, simt::block(kBlock), simt::dynamic_shared(0, kMaxCachedCols * sizeof(float)),
  simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols",
                 "cols + 256 <= 4294967296")]]
void softmax(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  // One block per row of a 1-D grid: blocks of a second grid row would write the same rows.
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  auto cache = simt::dynamic_shared<float>();
  const bool cached = cache.size() >= cols;
  const size_t base = size_t(simt::block::index_x()) * cols;
  const uint32_t t = simt::thread::index_x();

  float m = -FLT_MAX;
  for (uint32_t j = t; j < cols; j += kBlock) {
    const float x = in[base + j];
    // Element j of the cache is this thread's alone (the thread that handles column j).
    if (cached) cache.at_mut(j) = x;
    m = simt::fmax(m, x);
  }
  m = block_combine(m, [](float a, float b) { return simt::fmax(a, b); });

  // Two copies of each loop, one per source: a select between a shared and a global address
  // would turn both into slower generic loads.
  float sum = 0.0f;
  if (cached) {
    for (uint32_t j = t; j < cols; j += kBlock) sum += simt::exp(cache[j] - m);
  } else {
    for (uint32_t j = t; j < cols; j += kBlock) sum += simt::exp(in[base + j] - m);
  }
  sum = block_combine(sum, [](float a, float b) { return a + b; });

  const float scale = 1.0f / sum;
  auto write = [&](uint32_t j, float x) {
    // Column j of this block's row is written by this thread alone.
    if (base + j < out.size()) out.at_mut(base + j) = simt::exp(x - m) * scale;
  };
  if (cached) {
    for (uint32_t j = t; j < cols; j += kBlock) write(j, cache[j]);
  } else {
    for (uint32_t j = t; j < cols; j += kBlock) write(j, in[base + j]);
  }
}

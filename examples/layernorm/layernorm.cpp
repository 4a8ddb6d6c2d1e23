// Layer normalisation of each row: y = (x - mean) / sqrt(variance + epsilon) * gamma + beta,
// with the mean and the (biased) variance of the row. One block per row: its threads stride
// through the row (coalesced), the block sums with warp shuffles and one shared-memory slot per
// warp, and the variance is taken around the mean in a second pass (no cancellation of
// E[x^2] - E[x]^2). The row stays in L1/L2 between the passes.
#include <simt/kernel.hpp>

#include "layernorm.hpp"

namespace {

// The sum of `v` over the block's kBlock threads; every thread gets it.
float block_sum(float v) {
  simt::SharedArray<float, kBlock / 32> per_warp;
  v = simt::warp::reduce_add(simt::warp::full_mask, v);
  // Lane 0 of each warp writes that warp's slot (and only it).
  if (simt::warp::lane_id() == 0) per_warp.at_mut(simt::warp::warp_id()) = v;
  simt::sync_threads();
  float total = 0.0f;
  for (uint32_t w = 0; w < kBlock / 32; ++w) total += per_warp[w];
  simt::sync_threads();  // every thread has read per_warp before the next call writes it
  return total;
}

}  // namespace

// The requirements give the shapes (rows x cols matrices, rows of cols weights): every index
// below is then proven in range and keeps no bounds check. The last one keeps the 32-bit column
// counters' `j + 256` from wrapping, so the loops count in 32 bits, as the CUDA twin's `int` does.
[[kernel, simt::block(kBlock), simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols",
                                              "gamma.size() >= cols", "beta.size() >= cols", "cols + 256 <= 4294967296")]]
void layer_norm(uint32_t rows, uint32_t cols, float epsilon, simt::Slice<const float> in, simt::Slice<const float> gamma,
                simt::Slice<const float> beta, simt::DisjointSlice<float> out) {
  // One block per row of a 1-D grid: blocks of a second grid row would write the same rows.
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * cols;
  const uint32_t t = simt::thread::index_x();

  float sum = 0.0f;
  for (uint32_t j = t; j < cols; j += kBlock) sum += in[base + j];
  const float mean = block_sum(sum) / float(cols);

  float squares = 0.0f;
  for (uint32_t j = t; j < cols; j += kBlock) {
    const float d = in[base + j] - mean;
    squares += d * d;
  }
  const float rstd = simt::rsqrt(block_sum(squares) / float(cols) + epsilon);

  for (uint32_t j = t; j < cols; j += kBlock) {
    const float y = (in[base + j] - mean) * rstd * gamma[j] + beta[j];
    // Column j of this block's row is written by this thread alone.
    if (base + j < out.size()) out.at_mut(base + j) = y;
  }
}

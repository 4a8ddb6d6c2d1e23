// Layer normalisation of each row: y = (x - mean) / sqrt(variance + epsilon) * gamma + beta,
// with the mean and the (biased) variance of the row, the variance taken around the mean (no
// cancellation of E[x^2] - E[x]^2).
//
// Rows up to 16384 columns stay in registers (layer_norm_1k ... layer_norm_16k): each of a
// block's G threads loads its P elements of the row once, as P / 4 16-byte vectors (elements
// 4 (t + Gk) .. + 3: every warp load is 512 consecutive bytes), the block sums them (warp
// shuffles, then one shared slot per warp), sums the squared deviations from the mean from the
// same registers, and writes its P results in 16-byte stores (DisjointSlice::store<4>): the
// matrix is read once and written once. Where cols is not a multiple of 4 the rows are not
// 16-byte aligned and the same code falls back to element accesses. G x P is Triton's shape
// for the same row: 128 x 8 up to 1024 columns, 256 x 16 up to 4096, 512 x 16 up to 8192, and
// 512 x 32 up to 16384. Against 32 elements a thread (a warp per 1024-column row, blocks of
// cols / 32 threads): 94-95 % -> 96 % of the copy bandwidth, level with Triton
// (docs/performance.md).
//
// Longer rows (`layer_norm`): one block per row striding through it three times; the row stays
// in L1/L2 between the passes.
#include <simt/kernel.hpp>

#include "layernorm.hpp"

namespace {

// The sum of `v` over a group of kThreads threads (a warp when kThreads is 32, else the whole
// block); every thread of the group gets it.
template <uint32_t kThreads>
float group_sum(float v) {
  v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if constexpr (kThreads > 32) {
    simt::SharedArray<float, kThreads / 32> per_warp;
    // Lane 0 of each warp writes that warp's slot (and only it).
    if (simt::warp::lane_id() == 0) per_warp.at_mut(simt::warp::warp_id()) = v;
    simt::sync_threads();
    v = 0.0f;
    for (uint32_t w = 0; w < kThreads / 32; ++w) v += per_warp[w];
    simt::sync_threads();  // every thread has read per_warp before the next call writes it
  }
  return v;
}

// The row-in-registers layer norm: a block of kGroup threads per row, kPerThread elements
// of the row per thread. Threads of a row past the
// end take part in the sums (no divergence around the shuffles and barriers) and write nothing.
template <uint32_t kGroup, uint32_t kPerThread>
void layer_norm_in_registers(uint32_t rows, uint32_t cols, float epsilon, simt::Slice<const float> in,
                             simt::Slice<const float> gamma, simt::Slice<const float> beta,
                             simt::DisjointSlice<float> out) {
  const uint32_t row = simt::block::index_x();
  // A 1-D grid: blocks of a second grid row would write the same rows.
  const bool mine = row < rows && simt::block::index_y() == 0 && simt::block::index_z() == 0;
  const size_t base = size_t(row) * cols;
  const uint32_t t = simt::thread::index_x();
  // Thread t holds columns 4 (t + kGroup k) .. + 3 for k < kVectors: each load and store of a
  // warp is 512 consecutive bytes, one 16-byte access per thread.
  constexpr uint32_t kVectors = kPerThread / 4;
  float v[kPerThread] = {};  // columns past the row count as 0 in the sum
  if (mine) {
#pragma unroll
    for (uint32_t k = 0; k < kVectors; ++k) {
      const uint32_t j = 4 * (t + k * kGroup);
      if (j < cols) {
        if (j + 3 < cols) {
          // One 16-byte load where the row's elements are 16-byte aligned (cols % 4 == 0).
          const simt::Vec<float, 4> x = in.load<4>(base + j);
#pragma unroll
          for (uint32_t e = 0; e < 4; ++e) v[4 * k + e] = x[e];
        } else {
#pragma unroll
          for (uint32_t e = 0; e < 4; ++e)
            if (j + e < cols) v[4 * k + e] = in[base + j + e];
        }
      }
    }
  }
  float sum = 0.0f;
#pragma unroll
  for (uint32_t k = 0; k < kPerThread; ++k) sum += v[k];
  const float mean = group_sum<kGroup>(sum) / float(cols);
  float squares = 0.0f;
  if (cols == kGroup * kPerThread) {  // a full row: every element counts (no column tests to keep)
#pragma unroll
    for (uint32_t k = 0; k < kPerThread; ++k) squares += (v[k] - mean) * (v[k] - mean);
  } else {
#pragma unroll
    for (uint32_t k = 0; k < kPerThread; ++k) {
      const float d = 4 * (t + k / 4 * kGroup) + k % 4 < cols ? v[k] - mean : 0.0f;
      squares += d * d;
    }
  }
  const float rstd = simt::rsqrt(group_sum<kGroup>(squares) / float(cols) + epsilon);
  if (mine) {
#pragma unroll
    for (uint32_t k = 0; k < kVectors; ++k) {
      // Columns j .. j + 3 of this row are written by this thread alone.
      const uint32_t j = 4 * (t + k * kGroup);
      if (j < cols) {
        if (j + 3 < cols) {
          const simt::Vec<float, 4> g = gamma.load<4>(j), b = beta.load<4>(j);
          simt::Vec<float, 4> y;
#pragma unroll
          for (uint32_t e = 0; e < 4; ++e) y.elements[e] = (v[4 * k + e] - mean) * rstd * g[e] + b[e];
          out.store<4>(base + j, y);
        } else {
#pragma unroll
          for (uint32_t e = 0; e < 4; ++e)
            if (j + e < cols) out.at_mut(base + j + e) = (v[4 * k + e] - mean) * rstd * gamma[j + e] + beta[j + e];
        }
      }
    }
  }
}

}  // namespace

// The requirements give the shapes (rows x cols matrices, rows of cols weights, so every index
// is proven in range and keeps no bounds check) and bound the row to what the registers hold.
#define LAYER_NORM_IN_REGISTERS(name, group, per_thread, max_cols)                                            \
  [[kernel, simt::block(group),                                                                  \
    simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols", "gamma.size() >= cols",              \
                   "beta.size() >= cols", "cols <= " #max_cols)]]                                                 \
  void name(uint32_t rows, uint32_t cols, float epsilon, simt::Slice<const float> in,                            \
            simt::Slice<const float> gamma, simt::Slice<const float> beta, simt::DisjointSlice<float> out) {     \
    layer_norm_in_registers<group, per_thread>(rows, cols, epsilon, in, gamma, beta, out);                   \
  }
LAYER_NORM_IN_REGISTERS(layer_norm_1k, 128, 8, 1024)
LAYER_NORM_IN_REGISTERS(layer_norm_4k, 256, 16, 4096)
LAYER_NORM_IN_REGISTERS(layer_norm_8k, 512, 16, 8192)
LAYER_NORM_IN_REGISTERS(layer_norm_16k, 512, 32, 16384)

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
  const float mean = group_sum<kBlock>(sum) / float(cols);

  float squares = 0.0f;
  for (uint32_t j = t; j < cols; j += kBlock) {
    const float d = in[base + j] - mean;
    squares += d * d;
  }
  const float rstd = simt::rsqrt(group_sum<kBlock>(squares) / float(cols) + epsilon);

  for (uint32_t j = t; j < cols; j += kBlock) {
    const float y = (in[base + j] - mean) * rstd * gamma[j] + beta[j];
    // Column j of this block's row is written by this thread alone.
    if (base + j < out.size()) out.at_mut(base + j) = y;
  }
}

// Row-wise softmax: out[r][j] = exp(in[r][j] - max_r) / sum_j exp(in[r][j] - max_r).
//
// Rows up to 32768 columns stay in registers (softmax_1k ... softmax_32k): each of a block's G
// threads loads its P elements of the row once, as P / 4 16-byte vectors (elements 4 (t + Gk)
// .. + 3: every load of a warp is 512 consecutive bytes), the block combines the maximum and
// the sum (warp shuffles, then one shared slot per warp), and each thread writes its P results
// in 16-byte stores (DisjointSlice::store<4>, which the race rule proves no other thread
// touches): the matrix is read once and written once, 8 bytes per element, the floor for this
// kernel. G x P is 128 x 8 up to 1024 columns, 256 x 16 up to 4096, 256 x 32 up to 8192, then
// 512 and 1024 threads of 32. This is the algorithm of Triton's fused softmax (the row in
// registers, one read, one write, vector accesses), and up to 4096 columns its shape: a warp of
// 32 elements a thread per 1024-column row read 0.8 % slower than a block of 128 x 8, which
// keeps as many rows in flight in fewer registers. Where cols is not a multiple of 4, rows are
// not 16-byte aligned and the same code falls back to element accesses. 96-97 % of the copy
// bandwidth at every benchmarked shape, level with Triton (docs/performance.md). The
// 1024-thread softmax_32k fits its 32 elements in the 64 registers a thread of such a block
// has (no spills).
//
// Longer rows (`softmax`): one block per row striding through it; the first pass keeps the row
// in dynamic shared memory when the launch gives enough, and the later passes read it back.
#include <cfloat>

#include <simt/kernel.hpp>

#include "softmax.hpp"

namespace {

// Combines `v` over a group of kThreads threads with `op` (a warp when kThreads is 32, else
// the whole block); every thread of the group gets the result.
template <uint32_t kThreads, class Op>
float group_combine(float v, Op op) {
#pragma unroll
  for (int32_t offset = 16; offset > 0; offset /= 2) v = op(v, simt::warp::shuffle_xor(simt::warp::full_mask, v, offset));
  if constexpr (kThreads > 32) {
    simt::SharedArray<float, kThreads / 32> per_warp;
    // Lane 0 of each warp writes that warp's slot (and only it).
    if (simt::warp::lane_id() == 0) per_warp.at_mut(simt::warp::warp_id()) = v;
    simt::sync_threads();
    v = per_warp[0];
    for (uint32_t w = 1; w < kThreads / 32; ++w) v = op(v, per_warp[w]);
    simt::sync_threads();  // every thread has read per_warp before the next call writes it
  }
  return v;
}

struct MaxOf {
  float operator()(float a, float b) const { return simt::fmax(a, b); }
};
struct SumOf {
  float operator()(float a, float b) const { return a + b; }
};

// The row-in-registers softmax: a block of kGroup threads per row, kPerThread elements
// of the row per thread. Threads of a row past the end
// take part in the combines (no divergence around the shuffles and barriers) and write nothing.
template <uint32_t kGroup, uint32_t kPerThread>
void softmax_in_registers(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t row = simt::block::index_x();
  // A 1-D grid: blocks of a second grid row would write the same rows.
  const bool mine = row < rows && simt::block::index_y() == 0 && simt::block::index_z() == 0;
  const size_t base = size_t(row) * cols;
  const uint32_t t = simt::thread::index_x();
  // Thread t holds columns 4 (t + kGroup k) .. + 3 for k < kVectors: each load and store of a
  // warp is 512 consecutive bytes, one 16-byte access per thread.
  constexpr uint32_t kVectors = kPerThread / 4;
  float v[kPerThread] = {};
#pragma unroll
  for (uint32_t k = 0; k < kPerThread; ++k) v[k] = -FLT_MAX;  // columns past the row: exp gives 0
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
  float m = v[0];
#pragma unroll
  for (uint32_t k = 1; k < kPerThread; ++k) m = simt::fmax(m, v[k]);
  m = group_combine<kGroup>(m, MaxOf{});
  float sum = 0.0f;
#pragma unroll
  for (uint32_t k = 0; k < kPerThread; ++k) {
    v[k] = simt::exp(v[k] - m);
    sum += v[k];
  }
  const float scale = 1.0f / group_combine<kGroup>(sum, SumOf{});
  if (mine) {
#pragma unroll
    for (uint32_t k = 0; k < kVectors; ++k) {
      // Columns j .. j + 3 of this row are written by this thread alone.
      const uint32_t j = 4 * (t + k * kGroup);
      if (j < cols) {
        if (j + 3 < cols) {
          out.store<4>(base + j, simt::Vec<float, 4>{{v[4 * k] * scale, v[4 * k + 1] * scale, v[4 * k + 2] * scale,
                                                      v[4 * k + 3] * scale}});
        } else {
#pragma unroll
          for (uint32_t e = 0; e < 4; ++e)
            if (j + e < cols) out.at_mut(base + j + e) = v[4 * k + e] * scale;
        }
      }
    }
  }
}

}  // namespace

// The requirements say the matrices hold rows x cols elements (so every index is proven in
// range and keeps no bounds check) and bound the row to what the registers hold.
#define SOFTMAX_IN_REGISTERS(name, group, per_thread, max_cols)                                                          \
  [[kernel, simt::block(group),                                                                    \
    simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols", "cols <= " #max_cols)]]           \
  void name(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {           \
    softmax_in_registers<group, per_thread>(rows, cols, in, out);                                              \
  }
SOFTMAX_IN_REGISTERS(softmax_1k, 128, 8, 1024)
SOFTMAX_IN_REGISTERS(softmax_4k, 256, 16, 4096)
SOFTMAX_IN_REGISTERS(softmax_8k, 256, 32, 8192)
SOFTMAX_IN_REGISTERS(softmax_16k, 512, 32, 16384)
SOFTMAX_IN_REGISTERS(softmax_32k, 1024, 32, 32768)

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
  m = group_combine<kBlock>(m, MaxOf{});

  // Two copies of each loop, one per source: a select between a shared and a global address
  // would turn both into slower generic loads.
  float sum = 0.0f;
  if (cached) {
    for (uint32_t j = t; j < cols; j += kBlock) sum += simt::exp(cache[j] - m);
  } else {
    for (uint32_t j = t; j < cols; j += kBlock) sum += simt::exp(in[base + j] - m);
  }
  sum = group_combine<kBlock>(sum, SumOf{});

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

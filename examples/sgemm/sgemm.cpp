// Single-precision matrix product C (m x n) = A (m x k) * B (k x n), all row-major, on the CUDA
// cores (FFMA).
//
// Each block of 16 x 16 threads computes a 128 x 128 tile of C, stepping through k in slices
// of 8. A thread accumulates 8 x 8 elements of C in registers: rows ty*4 .. +3 and 64 + ty*4 ..
// +3, columns tx*4 .. +3 and 64 + tx*4 .. +3, so each of its four 16-byte shared loads per k
// feeds 16 FFMAs (64 FFMAs per 4 loads, where a 4 x 4 sub-tile does 16 per 2). A warp holds 4
// row groups and 8 column groups (a 32 x 64 block of C): each of its loads reads 64 or 128
// distinct bytes, one shared-memory wavefront, where 2 x 16 groups took 1 and 2 (4 % to 5 % of
// the run time on an H200). The slices are double-buffered: while the block
// multiplies slice s out of one shared buffer, each thread's 16-byte global loads of slice s + 1
// (four elements of A's slice and four of B's) are in flight, and land in the other buffer
// after the multiply; one barrier per slice. A's slice is stored transposed (as(kk, row)), its
// rows padded by 4 floats so that the transposing stores of a warp hit 32 distinct banks.
// Elements past the matrix edges are staged as zeros, so m, n and k are arbitrary.
// This is the classic 128 x 128 x 8 FFMA SGEMM (the structure of the fastest hand-written
// FP32 kernels without tensor cores); docs/performance.md has its numbers against cuBLAS.
#include <simt/kernel.hpp>

#include "sgemm.hpp"

namespace {

constexpr uint32_t kARow = kBM + 4;  // As row length: padded (see above), still 16-byte aligned

}  // namespace

[[kernel, simt::block(kThreadsX, kThreadsY), simt::min_blocks_per_sm(2),
  simt::requires("a.size() >= m * k", "b.size() >= k * n", "c.size() >= m * n")]]
void sgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const float> a, simt::Slice<const float> b,
           simt::DisjointSlice<float> c) {
  // Two buffers of each slice: rows s * kBK .. s * kBK + 7 are buffer s.
  simt::SharedTile<float, 2 * kBK, kARow, 16> as;
  simt::SharedTile<float, 2 * kBK, kBN, 16> bs;
  const uint32_t tid = simt::thread::index_y() * kThreadsX + simt::thread::index_x();
  // Warp w holds row groups (w / 2) * 4 .. +3 and column groups (w % 2) * 8 .. +7.
  const uint32_t ty = (tid / 32) / 2 * 4 + (tid % 32) / 8, tx = (tid / 32) % 2 * 8 + tid % 8;
  // Tiles of a 2-D grid: blocks of a second grid layer would write the same tiles of C. The
  // origins are 64-bit: blockIdx * 128 wraps around in 32 bits on a grid of 2^25 blocks.
  if (simt::block::index_z() != 0) return;
  const size_t row0 = size_t(simt::block::index_y()) * kBM, col0 = size_t(simt::block::index_x()) * kBN;

  // What thread tid stages of a slice: elements ak .. ak + 3 of row ar of A's (128 x 8), and
  // columns bc .. bc + 3 of row bk of B's (8 x 128). Each element of a buffer has one writer.
  const uint32_t ar = tid / 2, ak = (tid % 2) * 4;
  const uint32_t bk = tid / 32, bc = (tid % 32) * 4;
  // Elements (r, c) .. (r, c + 3) of a rows x cols matrix (zeros past its edges): one 16-byte
  // load where the row has all four (load<4> falls back to element loads when the address is
  // not 16-byte aligned).
  auto fetch = [](simt::Slice<const float> x, size_t rows, size_t cols, size_t r, size_t c) {
    simt::Vec<float, 4> v = {};
    if (r < rows) {
      if (c + 3 < cols) {
        v = x.load<4>(r * cols + c);
      } else {
        for (uint32_t e = 0; e < 4; ++e)
          if (c + e < cols) v.elements[e] = x[r * cols + (c + e)];
      }
    }
    return v;
  };
  auto fetch_a = [&](size_t k0) { return fetch(a, m, k, row0 + ar, k0 + ak); };
  auto fetch_b = [&](size_t k0) { return fetch(b, k, n, k0 + bk, col0 + bc); };
  auto stage = [&](size_t s, const simt::Vec<float, 4>& va, const simt::Vec<float, 4>& vb) {
#pragma unroll
    for (uint32_t e = 0; e < 4; ++e) as.at_mut(s * kBK + ak + e, ar) = va[e];
    bs.store<4>(s * kBK + bk, bc, vb);
  };

  float acc[kTM][kTN] = {};
  const size_t slices = (size_t(k) + kBK - 1) / kBK;
  stage(0, fetch_a(0), fetch_b(0));
  simt::sync_threads();
  for (size_t slice = 0; slice < slices; ++slice) {
    const bool more = slice + 1 < slices;
    simt::Vec<float, 4> next_a = {}, next_b = {};
    if (more) {
      next_a = fetch_a((slice + 1) * kBK);
      next_b = fetch_b((slice + 1) * kBK);
    }
    const size_t row = (slice % 2) * kBK;
#pragma unroll
    for (uint32_t kk = 0; kk < kBK; ++kk) {
      const simt::Vec<float, 4> a0 = as.load<4>(row + kk, ty * 4), a1 = as.load<4>(row + kk, 64 + ty * 4);
      const simt::Vec<float, 4> b0 = bs.load<4>(row + kk, tx * 4), b1 = bs.load<4>(row + kk, 64 + tx * 4);
      const float ra[kTM] = {a0[0], a0[1], a0[2], a0[3], a1[0], a1[1], a1[2], a1[3]};
      const float rb[kTN] = {b0[0], b0[1], b0[2], b0[3], b1[0], b1[1], b1[2], b1[3]};
#pragma unroll
      for (uint32_t i = 0; i < kTM; ++i)
#pragma unroll
        for (uint32_t j = 0; j < kTN; ++j) acc[i][j] += ra[i] * rb[j];
    }
    // The other buffer was last read before the previous barrier.
    if (more) stage((slice + 1) % 2, next_a, next_b);
    simt::sync_threads();
  }

#pragma unroll
  for (uint32_t i = 0; i < kTM; ++i) {
    const size_t r = row0 + (i / 4) * 64 + ty * 4 + i % 4;
#pragma unroll
    for (uint32_t j = 0; j < kTN; ++j) {
      const size_t cc = col0 + (j / 4) * 64 + tx * 4 + j % 4;
      // C's element (r, cc) belongs to this thread alone.
      if (r < m && cc < n) c.at_mut(r * n + cc) = acc[i][j];
    }
  }
}

// Single-precision matrix product C (m x n) = A (m x k) * B (k x n), all row-major.
// Each block computes a kBM x kBN tile of C, stepping through k in kBK-deep slices: the block
// stages the A slice (transposed, so a thread's kTM rows are contiguous) and the B slice in
// shared memory, then each thread accumulates its kTM x kTN sub-tile in registers from
// kTM + kTN shared loads per k (an outer product). Loads of A and B are coalesced along their
// rows; elements past the matrix edges are staged as zeros.
#include <simt/kernel.hpp>

#include "sgemm.hpp"

[[kernel, simt::block(kThreadsX, kThreadsY), simt::requires("a.size() >= m * k", "b.size() >= k * n", "c.size() >= m * n")]] void sgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const float> a, simt::Slice<const float> b,
                      simt::DisjointSlice<float> c) {
  // As holds A's slice transposed (kBK x kBM); its rows are padded by 4 floats so the transposing
  // stores spread over the banks and a thread's kTM values stay 16-byte aligned.
  simt::SharedTile<float, kBK, kBM + 4, 16> as;
  simt::SharedTile<float, kBK, kBN, 16> bs;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const uint32_t tid = ty * kThreadsX + tx;
  // Tiles of a 2-D grid: blocks of a second grid layer would write the same tiles of C. The
  // origins are 64-bit: blockIdx * 64 wraps around in 32 bits on a grid of 2^26 blocks.
  if (simt::block::index_z() != 0) return;
  const size_t row0 = size_t(simt::block::index_y()) * kBM, col0 = size_t(simt::block::index_x()) * kBN;

  float acc[kTM][kTN] = {};
  for (uint32_t k0 = 0; k0 < k; k0 += kBK) {
    // kBM x kBK elements of A and kBK x kBN of B: four of each per thread.
    for (uint32_t e = tid; e < kBM * kBK; e += kThreadsX * kThreadsY) {
      const uint32_t r = e / kBK, kk = e % kBK;
      const float v = row0 + r < m && k0 + kk < k ? a[(row0 + r) * k + (k0 + kk)] : 0.0f;
      // Every (r, kk) of the slice is written by exactly one thread.
      as.at_mut(kk, r) = v;
    }
    for (uint32_t e = tid; e < kBK * kBN; e += kThreadsX * kThreadsY) {
      const uint32_t kk = e / kBN, cc = e % kBN;
      const float v = k0 + kk < k && col0 + cc < n ? b[size_t(k0 + kk) * n + (col0 + cc)] : 0.0f;
      bs.at_mut(kk, cc) = v;
    }
    simt::sync_threads();
#pragma unroll
    for (uint32_t kk = 0; kk < kBK; ++kk) {
      // Columns ty * kTM .. +3 of As and tx * kTN .. +3 of Bs: one vector load each.
      const simt::Vec<float, kTM> av = as.load<kTM>(kk, ty * kTM);
      const simt::Vec<float, kTN> bv = bs.load<kTN>(kk, tx * kTN);
      const float ar[kTM] = {av[0], av[1], av[2], av[3]}, br[kTN] = {bv[0], bv[1], bv[2], bv[3]};
      for (uint32_t i = 0; i < kTM; ++i)
        for (uint32_t j = 0; j < kTN; ++j) acc[i][j] += ar[i] * br[j];
    }
    simt::sync_threads();
  }

  for (uint32_t i = 0; i < kTM; ++i) {
    const size_t r = row0 + ty * kTM + i;
    for (uint32_t j = 0; j < kTN; ++j) {
      const size_t cc = col0 + tx * kTN + j;
      // C's element (r, cc) belongs to this thread alone.
      if (r < m && cc < n) c.at_mut(r * n + cc) = acc[i][j];
    }
  }
}

// Single-precision matrix product C (m x n) = A (m x k) * B (k x n), all row-major.
// Each block computes a kBM x kBN tile of C, stepping through k in kBK-deep slices: the block
// stages the A slice (transposed, so a thread's kTM rows are contiguous) and the B slice in
// shared memory, then each thread accumulates its kTM x kTN sub-tile in registers from
// kTM + kTN shared loads per k (an outer product). Loads of A and B are coalesced along their
// rows; elements past the matrix edges are staged as zeros.
#include <simt/kernel.hpp>

#include "sgemm.hpp"

[[kernel, simt::block(kThreadsX, kThreadsY)]] void sgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const float> a, simt::Slice<const float> b,
                      simt::DisjointSlice<float> c) {
  // As holds A's slice transposed (kBK x kBM); its rows are padded by 4 floats so the transposing
  // stores spread over the banks and a thread's kTM values stay 16-byte aligned.
  simt::SharedTile<float, kBK, kBM + 4, 16> as;
  simt::SharedTile<float, kBK, kBN, 16> bs;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const uint32_t tid = ty * kThreadsX + tx;
  const uint32_t row0 = simt::block::index_y() * kBM, col0 = simt::block::index_x() * kBN;

  float acc[kTM][kTN] = {};
  for (uint32_t k0 = 0; k0 < k; k0 += kBK) {
    // kBM x kBK elements of A and kBK x kBN of B: four of each per thread.
    for (uint32_t e = tid; e < kBM * kBK; e += kThreadsX * kThreadsY) {
      const uint32_t r = e / kBK, kk = e % kBK;
      const float v = row0 + r < m && k0 + kk < k ? a[size_t(row0 + r) * k + k0 + kk] : 0.0f;
      // Every (r, kk) of the slice is written by exactly one thread.
      [[simt::unsafe]] { as.get_unchecked_mut(kk, r) = v; }
    }
    for (uint32_t e = tid; e < kBK * kBN; e += kThreadsX * kThreadsY) {
      const uint32_t kk = e / kBN, cc = e % kBN;
      const float v = k0 + kk < k && col0 + cc < n ? b[size_t(k0 + kk) * n + col0 + cc] : 0.0f;
      [[simt::unsafe]] { bs.get_unchecked_mut(kk, cc) = v; }
    }
    simt::sync_threads();
#pragma unroll
    for (uint32_t kk = 0; kk < kBK; ++kk) {
      Float4 av{}, bv{};
      // Columns ty * kTM .. +3 of As and tx * kTN .. +3 of Bs lie inside the tiles (ty, tx < 16)
      // and start 16-byte aligned: one vector load each.
      [[simt::unsafe]] {
        av = *reinterpret_cast<const Float4*>(&as.get_unchecked(kk, ty * kTM));
        bv = *reinterpret_cast<const Float4*>(&bs.get_unchecked(kk, tx * kTN));
      }
      const float ar[kTM] = {av.x, av.y, av.z, av.w}, br[kTN] = {bv.x, bv.y, bv.z, bv.w};
      for (uint32_t i = 0; i < kTM; ++i)
        for (uint32_t j = 0; j < kTN; ++j) acc[i][j] += ar[i] * br[j];
    }
    simt::sync_threads();
  }

  for (uint32_t i = 0; i < kTM; ++i) {
    const uint32_t r = row0 + ty * kTM + i;
    for (uint32_t j = 0; j < kTN; ++j) {
      const uint32_t cc = col0 + tx * kTN + j;
      const size_t at = size_t(r) * n + cc;
      // C's element (r, cc) belongs to this thread alone.
      if (r < m && cc < n && at < c.size()) [[simt::unsafe]] { c.get_unchecked_mut(at) = acc[i][j]; }
    }
  }
}

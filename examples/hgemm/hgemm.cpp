// Half-precision matrix product on the tensor cores: C (m x n, float) = A (m x k) * B (k x n),
// A and B row-major simt::half, k and n multiples of kAlign (8), A and B 16-byte aligned: the
// contract's requirements, checked at the launch, which prove the cp.async copies aligned.
//
// A block computes a kBM x kBN tile of C with four warps, each owning 32 x 32 (2 x 4 mma tiles of
// 16 x 8). Tiles of A and B are copied into shared memory with cp.async, two stages deep: while
// the warps multiply one kBK slice, the next one is in flight. Warps load their fragments with
// ldmatrix (B transposed on the way, as mma.sync wants it column-major) and accumulate in f32 with
// mma.sync.m16n8k16. Rows are padded by kPad halves so that ldmatrix reads hit distinct banks.
// The fragment loads from raw shared-memory addresses and the mma itself are Tier 3, in an
// unsafe block; the copies, the indexing and the writes of C are safe code (simt-shared-race
// follows each cp.async until the wait that completes it, simt-global-race proves the lanes'
// elements of C disjoint).
#include <simt/kernel.hpp>

#include "hgemm.hpp"

namespace {

constexpr uint32_t kARow = kBK + kPad, kBRow = kBN + kPad;  // padded row lengths (halves)
constexpr uint32_t kAStage = kBM * kARow, kBStage = kBK * kBRow;
// A source index past the end of every slice (a slice holds fewer than 2^61 elements) and, like
// every chunk's index, a multiple of 8: async::copy zero-fills the chunk, and the source
// address stays provably 16-byte aligned, so the copy keeps no alignment check.
constexpr size_t kPastTheEnd = ~size_t(7);

}  // namespace

[[kernel, simt::block(kThreads), simt::requires("a.size() >= m * k", "b.size() >= k * n", "c.size() >= m * n", "k % 8 == 0", "n % 8 == 0", "a.address() % 16 == 0", "b.address() % 16 == 0")]] void hgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const simt::half> a,
                      simt::Slice<const simt::half> b, simt::DisjointSlice<float> c) {
  simt::SharedArray<simt::half, kStages * kAStage, 16> as;
  simt::SharedArray<simt::half, kStages * kBStage, 16> bs;
  const uint32_t tid = simt::thread::index_x(), lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  const uint32_t wm = warp / kWarpsN, wn = warp % kWarpsN;
  // Tiles of a 2-D grid: blocks of a second grid layer would write the same tiles of C.
  if (simt::block::index_z() != 0) return;
  const size_t row0 = size_t(simt::block::index_y()) * kBM, col0 = size_t(simt::block::index_x()) * kBN;

  {
    // Stage `s` <- the kBK slice of A and B at depth k0: 16-byte chunks, two of A and two of B
    // per thread; chunks outside the matrices become zeros (a source index past the end of the
    // slice, kPastTheEnd, makes async::copy zero-fill). Each chunk of the stage is written by one thread, and
    // the copies into stage (slice + 1) % 2 fly while stage slice % 2 is read: wait<1> at the
    // top of the next iteration completes them, and the barrier at the bottom keeps a stage's
    // refill after every warp's reads of it.
    auto load = [&](uint32_t s, size_t k0) {
      for (uint32_t chunk = tid; chunk < kBM * kBK / 8; chunk += kThreads) {
        const size_t r = chunk / (kBK / 8), part = chunk % (kBK / 8);
        const size_t gk = k0 + 8 * part;
        const size_t from = row0 + r < m && gk < k ? (row0 + r) * k + gk : kPastTheEnd;
        simt::async::copy<16, true>(as, s * kAStage + r * kARow + 8 * part, a, from);
      }
      for (uint32_t chunk = tid; chunk < kBK * kBN / 8; chunk += kThreads) {
        const size_t r = chunk / (kBN / 8), part = chunk % (kBN / 8);
        const size_t gc = col0 + 8 * part;
        const size_t from = k0 + r < k && gc < n ? (k0 + r) * n + gc : kPastTheEnd;
        simt::async::copy<16, true>(bs, s * kBStage + r * kBRow + 8 * part, b, from);
      }
    };

    simt::mma::FragmentC acc[2][4] = {};
    const size_t slices = (size_t(k) + kBK - 1) / kBK;
    load(0, 0);
    simt::async::commit();
    for (size_t slice = 0; slice < slices; ++slice) {
      if (slice + 1 < slices) {
        load(uint32_t((slice + 1) % kStages), (slice + 1) * kBK);
        simt::async::commit();
        simt::async::wait<1>();  // this slice's group has landed; the next may still fly
      } else {
        simt::async::wait<0>();
      }
      simt::sync_threads();

      // ldmatrix reads 16-byte rows of the stage through raw addresses, inside it; mma.sync
      // takes the whole warp's fragments (Tier 3).
      [[simt::unsafe]] {
        const simt::half* at = as.data() + (slice % kStages) * kAStage;
        const simt::half* bt = bs.data() + (slice % kStages) * kBStage;
#pragma unroll
        for (uint32_t kk = 0; kk < kBK; kk += 16) {
          simt::mma::FragmentA fa[2];
          simt::mma::FragmentB fb[4];
#pragma unroll
          for (uint32_t mi = 0; mi < 2; ++mi)
            fa[mi] = simt::mma::ldmatrix_x4(at + (wm * 32 + mi * 16 + lane % 16) * kARow + kk + (lane / 16) * 8);
#pragma unroll
          for (uint32_t nj = 0; nj < 2; ++nj) {
            // Two 16 x 8 B fragments: matrices 0-1 (k rows 0-15, columns +0..7), 2-3 (+8..15).
            const simt::mma::FragmentA pair =
                simt::mma::ldmatrix_x4_trans(bt + (kk + lane % 16) * kBRow + wn * 32 + nj * 16 + (lane / 16) * 8);
            fb[2 * nj] = simt::mma::FragmentB{{pair.reg[0], pair.reg[1]}};
            fb[2 * nj + 1] = simt::mma::FragmentB{{pair.reg[2], pair.reg[3]}};
          }
#pragma unroll
          for (uint32_t mi = 0; mi < 2; ++mi)
#pragma unroll
            for (uint32_t ni = 0; ni < 4; ++ni) acc[mi][ni] = simt::mma::mma_m16n8k16_f16(fa[mi], fb[ni], acc[mi][ni]);
        }
      }
      simt::sync_threads();  // the stage is refilled by the next iteration's copies
    }

    // Lane (g, t) holds rows g and g + 8, columns 2t and 2t + 1 of each 16 x 8 tile; every
    // element of C belongs to one lane of one warp of one block.
    const uint32_t g = lane / 4, t = lane % 4;
#pragma unroll
    for (uint32_t mi = 0; mi < 2; ++mi)
#pragma unroll
      for (uint32_t ni = 0; ni < 4; ++ni)
#pragma unroll
        for (uint32_t e = 0; e < 4; ++e) {
          const size_t r = row0 + wm * 32 + mi * 16 + g + (e / 2) * 8, col = col0 + wn * 32 + ni * 8 + 2 * t + e % 2;
          if (r < m && col < n) c.at_mut(r * n + col) = acc[mi][ni].reg[e];
        }
  }
}

// A bf16 or f16 matrix product on Hopper's tensor cores (sm_90a): C (m x n) = A (m x k) * B^T, with
// A and B (n x k) row-major, C of the inputs' type, accumulated in f32. The layout cuBLAS calls
// "TN": both operands K-major, as wgmma reads them from shared memory without a transpose. One
// kernel template, instantiated for simt::bfloat16 (entry gemm_tn_bfloat16) and simt::half
// (gemm_tn_half): the two types differ only in wgmma's input type and in C's rounding.
//
// The block is three warpgroups working on a ring of kStages shared-memory stages
// (simt::Pipeline, a full and an empty mbarrier per stage):
//  - the producer (warpgroup 0, one thread, its registers cut to 40 with setmaxnreg) waits for an
//    empty stage and fills it with two TMA copies: a kBM x kBK box of A and a kBN x kBK box of B,
//    128-byte swizzled, zeros past the matrices' edges;
//  - two consumers (warpgroups 1 and 2, 232 registers each) wait for a full stage and multiply it
//    with four wgmma.m64n256k16 each (64 rows of C per warpgroup, 128 f32 accumulators a thread),
//    keeping one group of mmas in flight: a stage is released once the group after it has been
//    issued and the one that read it has retired.
// The grid is persistent (one block per SM); each block walks the kBM x kBN tiles of C in groups
// of kGroupM tile rows, so that the tiles running together share their rows of A and columns of B
// in L2. The producer runs ahead across tile boundaries, so the next tile's loads overlap the
// current tile's last mmas and its stores.
//
// C leaves through shared memory and TMA stores. Each warp owns 16 rows of the tile and two
// boxes of 16 x 64 of a staging tile: it writes half of its rows' 256 columns into them (bf16
// (or f16) pairs, 128-byte swizzled like the stages, so the warp's writes hit 32 distinct banks), and
// one lane stores both boxes with TMA and goes on; the other half waits only until those
// stores have read the boxes. The tensor cores wait for the epilogue's shared writes alone,
// not for its global stores, and the stores clip at C's edges. (From registers, a 4-byte store
// per pair of columns, the kernel read 88 % of cuBLAS at 4096^3 on an H100; one bf16 at a time,
// 76 %.) The four stages (192 KiB) and the staging tile (32 KiB) are more than the 48 KiB of
// static shared memory a block may declare: simtc places them in dynamic shared memory, and the
// launch asks for it without the host saying so.
//
// Tier 3 (unsafe, each block says why): the TMA copies and the bytes they deliver, the wgmma
// descriptors and their ordering, and the epilogue's staging, whose swizzled layout and warp-
// private boxes simt-shared-race cannot follow.
#include <simt/kernel.hpp>

#include "gemm_bf16.hpp"


namespace {

constexpr uint32_t kRowBytes = kBK * 2;  // one swizzled row of a stage: 128 bytes
constexpr uint32_t kWarps = kConsumers * 4;  // consumer warps, each storing kStoreRows rows of a tile
constexpr uint32_t kHalf = kBN / 2;          // columns a warp stages at a time: two boxes

struct Tile {
  uint32_t m, n;  // tile row and column
};

// Tile t in the order the blocks walk them: column-major within groups of kGroupM tile rows.
Tile tile_at(uint32_t t, uint32_t tiles_m, uint32_t tiles_n) {
  const uint32_t per_group = kGroupM * tiles_n;
  const uint32_t first_m = t / per_group * kGroupM;
  const uint32_t rows = tiles_m - first_m < kGroupM ? tiles_m - first_m : kGroupM;
  const uint32_t in_group = t % per_group;
  return {first_m + in_group % rows, in_group / rows};
}

}  // namespace

template <class T>
[[kernel, simt::block(kThreads), simt::min_blocks_per_sm(1), simt::requires("k % 8 == 0", "n % 8 == 0")]]
void gemm_tn(MapA<T> a, MapB<T> b, MapC<T> c, uint32_t m, uint32_t n, uint32_t k) {
  simt::SharedTile<T, kStages * kBM, kBK, 1024> sa;  // stage s: rows [s kBM, (s + 1) kBM)
  simt::SharedTile<T, kStages * kBN, kBK, 1024> sb;
  // Warp w's boxes are 2 w and 2 w + 1: rows [32 w, 32 w + 32) of the staging tile.
  simt::SharedTile<T, kWarps * 2 * kStoreRows, kStoreCols, 1024> sc;
  simt::Pipeline<kStages> pipe;
  pipe.init(1, kConsumers * 4);  // full: the producer's arrival; empty: one per consumer warp
  const uint32_t tiles_m = (m + kBM - 1) / kBM, tiles_n = (n + kBN - 1) / kBN, k_tiles = (k + kBK - 1) / kBK;
  const uint32_t tiles = tiles_m * tiles_n;
  simt::PipelineState<kStages> at;

  if (simt::warpgroup::index() == 0) {
    simt::warpgroup::decrease_registers<40>();
    if (simt::warpgroup::thread_index() != 0) return;
    for (uint32_t t = simt::block::index_x(); t < tiles; t += simt::grid::dim_x()) {
      const Tile tile = tile_at(t, tiles_m, tiles_n);
      for (uint32_t kt = 0; kt < k_tiles; ++kt) {
        pipe.producer_acquire(at);
        [[simt::unsafe]] {  // the stage's bytes are exactly the two boxes the copies deliver
          pipe.producer_expect(at, MapA<T>::box_bytes + MapB<T>::box_bytes);
          simt::tma::load(sa, pipe, at, a, int(kt * kBK), int(tile.m * kBM));
          simt::tma::load(sb, pipe, at, b, int(kt * kBK), int(tile.n * kBN));
        }
        at.advance();
      }
    }
    return;
  }

  simt::warpgroup::increase_registers<232>();
  const uint32_t consumer = simt::warpgroup::index() - 1;
  const auto da = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sa);
  const auto db = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sb);
  const bool releases = simt::warp::lane_id() == 0;  // one arrival per warp on the empty barrier
  for (uint32_t t = simt::block::index_x(); t < tiles; t += simt::grid::dim_x()) {
    const Tile tile = tile_at(t, tiles_m, tiles_n);
    simt::wgmma::Accumulator<kBN> d;
    simt::PipelineState<kStages> retired = at;  // the stage the group in flight reads
    for (uint32_t kt = 0; kt < k_tiles; ++kt) {
      pipe.consumer_wait(at);
      [[simt::unsafe]] {  // the stage is full; the warpgroup runs every wgmma operation together
        const uint32_t a_bytes = (at.stage() * kBM + consumer * 64) * kRowBytes, b_bytes = at.stage() * kBN * kRowBytes;
        simt::wgmma::fence(d);
#pragma unroll
        for (uint32_t s = 0; s < kBK / 16; ++s)  // K = 64 in four steps of 16 (32 bytes of a row)
          simt::wgmma::mma_async(d, da.advanced(a_bytes + 32 * s), db.advanced(b_bytes + 32 * s), kt > 0 || s > 0);
        simt::wgmma::commit_group();
        simt::wgmma::wait_group<1>(d);  // the previous k tile's group has retired
      }
      if (kt > 0) {
        if (releases) pipe.consumer_release(retired);
        retired.advance();
      }
      at.advance();
    }
    [[simt::unsafe]] {
      simt::wgmma::wait_group<0>(d);
    }
    if (k_tiles > 0 && releases) pipe.consumer_release(retired);
    [[simt::unsafe]] {  // each warp stages and stores only its own rows, in its own two boxes
      const uint32_t warp = simt::warpgroup::thread_index() / 32, lane = simt::warp::lane_id();
      const uint32_t box = (consumer * 4 + warp) * 2;  // the warp's first box in sc
      const int32_t row0 = int32_t(tile.m * kBM + consumer * 64 + warp * kStoreRows), col0 = int32_t(tile.n * kBN);
#pragma unroll
      for (uint32_t half = 0; half < 2; ++half) {
        if (lane == 0) simt::tma::wait_group_read<0>();  // the boxes' last stores have read them
        simt::warp::sync();
#pragma unroll
        for (uint32_t j = 0; j < d.size / 2; j += 2) {  // elements i and i + 1: columns col and col + 1
          const uint32_t i = half * (d.size / 2) + j;
          const uint32_t r = d.row(i) % kStoreRows, col = d.col(i) - half * kHalf;
          // Box col / 64; 16-byte chunk col % 64 / 8 of row r lands in chunk (col % 64 / 8) ^ (r % 8).
          const uint32_t chunk = col % kStoreCols / 8 ^ r % 8;
          sc.template store_unchecked<2>((box + col / kStoreCols) * kStoreRows + r, chunk * 8 + col % 8,
                                simt::Vec<T, 2>{{T(d.reg[i]), T(d.reg[i + 1])}});
        }
        simt::fence_proxy_async_shared();  // the warp's writes, then the async proxy's reads
        simt::warp::sync();
        if (lane == 0) {
          const int32_t col = col0 + int32_t(half * kHalf);
          simt::tma::store_box(c, sc, box, col, row0);
          simt::tma::store_box(c, sc, box + 1, col + int32_t(kStoreCols), row0);
          simt::tma::commit_group();
          // The block's shared memory stays until the stores of its last tile are done. (Waiting
          // after the tile loop instead, in a branch of its own, makes ptxas serialize the
          // wgmmas: warning C7518, 20 % slower.)
          if (half == 1 && t + simt::grid::dim_x() >= tiles) simt::tma::wait_group<0>();
        }
      }
    }
  }
}

template void gemm_tn<simt::bfloat16>(MapA<simt::bfloat16>, MapB<simt::bfloat16>, MapC<simt::bfloat16>, uint32_t, uint32_t,
                                      uint32_t);
template void gemm_tn<simt::half>(MapA<simt::half>, MapB<simt::half>, MapC<simt::half>, uint32_t, uint32_t, uint32_t);

// Fused attention forward on Hopper's tensor cores (sm_90a), FlashAttention's online softmax:
// O = softmax(Q K^T / sqrt(D)) V for every (batch, head), optionally causal (query i sees keys
// 0..i), with Q, K, V and O of shape [heads][seq][D] in bf16 (a batch of heads flattened into
// one index; PyTorch's (batch, heads, seq, D) layout) and D = 64 or 128. Each block computes
// kBM = 128 rows of O for one head; S = Q K^T never leaves the registers.
//
// The block is three warpgroups, as in gemm_bf16:
//  - the producer (warpgroup 0, one thread, 40 registers) loads the block's Q tile once, then
//    walks the keys kBN = 128 at a time, filling a ring of stages with TMA: the K tile on one
//    pipeline, the V tile on another, so that S can start while V still arrives. A row of D = 128
//    is two 128-byte swizzled boxes (`tma::load<Part>`);
//  - two consumers (warpgroups 1 and 2, 232 registers) each own 64 query rows. Per key tile:
//      S = Q K^T     wgmma.m64n128k16 from shared memory (Q and K both K-major);
//      mask          keys past the sequence, and past the row under the causal mask (only in
//                    the tiles that need it);
//      softmax       the row maxima across the 4 threads that share a row (two shuffles), the
//                    running sums and the rescaling of O by exp2(old max - new max), in the
//                    log2 domain (one FMA and one ex2 per element);
//      O += P V      wgmma with P from registers: the f32 accumulator fragment of S, rounded
//                    to bf16 in pairs, is exactly the register A fragment of the next wgmma;
//                    V is K x N with N contiguous, an MN-major (transposed) operand;
//    and O / l stored at the end.
// The two consumers interleave: while one runs its softmax, the other's wgmma has the tensor
// cores. Under the causal mask a block needs only the key tiles up to its last row, and the
// blocks start with the longest rows.
//
// Tier 3 (unsafe, each block says why): the TMA copies and the bytes they deliver, the wgmma
// descriptors and their ordering, and the stores of O from the accumulators' fragment layout,
// which gives every element of the tile to one thread (simt-global-race cannot follow it).
#include <simt/kernel.hpp>

#include "attention_fwd.hpp"

// Boxes of kBM rows of kBox values of one head: dims (D, seq, heads).
using Map = simt::TensorMap<simt::bfloat16, kBox, kBM, 1>;

namespace {

constexpr uint32_t kRowBytes = kBox * 2;       // one swizzled row of a box: 128 bytes
constexpr uint32_t kFull = 0xffffffffu;

// The maximum and the sum over the four threads that hold a row of a fragment (lanes 4g..4g+3).
float quad_max(float x) {
  x = simt::fmax(x, simt::warp::shuffle_xor(kFull, x, 1));
  return simt::fmax(x, simt::warp::shuffle_xor(kFull, x, 2));
}
float quad_sum(float x) {
  x += simt::warp::shuffle_xor(kFull, x, 1);
  return x + simt::warp::shuffle_xor(kFull, x, 2);
}

// Copies the kD / kBox boxes of a tile (rows row.., columns 0..kD of head `head`) into the
// stage `at` of `tile`, box Part holding columns Part * kBox...
template <uint32_t kParts, uint32_t Part = 0, unsigned Stages, class Tile>
SIMT_REQUIRES_UNSAFE void load_tile(Tile& tile, simt::Pipeline<Stages>& pipe, const simt::PipelineState<Stages>& at,
                                    const Map& map, uint32_t row, uint32_t head) {
  simt::tma::load<Part>(tile, pipe, at, map, int(Part * kBox), int(row), int(head));
  if constexpr (Part + 1 < kParts) load_tile<kParts, Part + 1>(tile, pipe, at, map, row, head);
}

template <uint32_t kD>
void attention(const Map& q, const Map& k, const Map& v, uint32_t seq, uint32_t heads, uint32_t causal,
               float scale_log2, simt::DisjointSlice<simt::bfloat16>& o) {
  static_assert(kD == 64 || kD == 128, "head dimension 64 or 128");
  constexpr uint32_t kParts = kD / kBox;                      // boxes per row of a tile
  constexpr uint32_t kStages = attention_stages(kD);
  constexpr uint32_t kTileBytes = kParts * Map::box_bytes;   // one Q, K or V tile
  const uint32_t q_tiles = (seq + kBM - 1) / kBM;
  if (simt::block::index_x() >= q_tiles || simt::block::index_y() >= heads) return;  // a grid too large
  const uint32_t qt = causal != 0 ? q_tiles - 1 - simt::block::index_x() : simt::block::index_x();
  const uint32_t head = simt::block::index_y(), q0 = qt * kBM;
  // Keys 0..last: all of them, or under the causal mask those up to the tile's last row.
  const uint32_t last = causal != 0 && q0 + kBM - 1 < seq - 1 ? q0 + kBM - 1 : seq - 1;
  const uint32_t kv_tiles = last / kBN + 1;

  simt::SharedTile<simt::bfloat16, kParts * kBM, kBox, 1024> sq;             // box p: rows [p kBM, (p+1) kBM)
  simt::SharedTile<simt::bfloat16, kStages * kParts * kBN, kBox, 1024> sk;   // stage s, box p: rows (s kParts + p) kBN..
  simt::SharedTile<simt::bfloat16, kStages * kParts * kBN, kBox, 1024> sv;
  simt::Pipeline<1> qpipe;
  simt::Pipeline<kStages> kpipe, vpipe;
  qpipe.init(1, 1);  // Q is never released
  kpipe.init(1, kConsumers * 4);  // full: the producer's arrival; empty: one per consumer warp
  vpipe.init(1, kConsumers * 4);
  simt::PipelineState<1> q_at;
  simt::PipelineState<kStages> at;

  if (simt::warpgroup::index() == 0) {
    simt::warpgroup::decrease_registers<40>();
    if (simt::warpgroup::thread_index() != 0) return;
    qpipe.producer_acquire(q_at);
    [[simt::unsafe]] {  // the stage's bytes are exactly the boxes the copies deliver
      qpipe.producer_expect(q_at, kTileBytes);
      load_tile<kParts>(sq, qpipe, q_at, q, q0, head);
    }
    for (uint32_t j = 0; j < kv_tiles; ++j) {
      kpipe.producer_acquire(at);
      [[simt::unsafe]] {
        kpipe.producer_expect(at, kTileBytes);
        load_tile<kParts>(sk, kpipe, at, k, j * kBN, head);
      }
      vpipe.producer_acquire(at);
      [[simt::unsafe]] {
        vpipe.producer_expect(at, kTileBytes);
        load_tile<kParts>(sv, vpipe, at, v, j * kBN, head);
      }
      at.advance();
    }
    return;
  }

  simt::warpgroup::increase_registers<232>();
  const uint32_t consumer = simt::warpgroup::index() - 1;
  const uint32_t lane = simt::warp::lane_id();
  // The fragments' rows: this thread holds rows row0 and row0 + 8 of the block's Q tile (half h
  // of a fragment: elements i with i / 2 % 2 == h), and columns 8 (i / 4) + col0 + i % 2.
  const uint32_t row0 = q0 + consumer * 64 + simt::warpgroup::thread_index() / 32 * 16 + lane / 4;
  const uint32_t col0 = lane % 4 * 2;
  const auto dq = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sq);
  const auto dk = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sk);
  const auto dv = simt::wgmma::mn_major<simt::wgmma::Swizzle::bytes128, kBN>(sv);
  const bool releases = lane == 0;  // one arrival per warp on the empty barriers
  const float kMinusInf = __builtin_bit_cast(float, 0xff800000u);  // -infinity
  float row_max[2] = {kMinusInf, kMinusInf};  // in the log2 domain: max S * scale_log2
  float row_sum[2] = {0.0f, 0.0f};            // this thread's share of the row's sum
  simt::wgmma::Accumulator<kD> acc;
  qpipe.consumer_wait(q_at);
  for (uint32_t j = 0; j < kv_tiles; ++j) {
    const uint32_t stage_bytes = at.stage() * kTileBytes;
    simt::wgmma::Accumulator<kBN> s;  // fresh each tile: nothing of the last tile stays live
    kpipe.consumer_wait(at);
    [[simt::unsafe]] {  // Q and the stage's K are complete; the warpgroup runs every wgmma operation together
      simt::wgmma::fence(s);
#pragma unroll
      for (uint32_t t = 0; t < kD / 16; ++t) {  // K = D in steps of 16 (32 bytes of a swizzled row)
        const uint32_t in_box = t / 4 * Map::box_bytes + t % 4 * 32;
        simt::wgmma::mma_async(s, dq.advanced(consumer * 64 * kRowBytes + in_box), dk.advanced(stage_bytes + in_box),
                               t > 0);
      }
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(s);
    }
    if (releases) kpipe.consumer_release(at);

    const uint32_t kv0 = j * kBN;
    if (kv0 + kBN > seq || (causal != 0 && kv0 + kBN - 1 > q0 + consumer * 64)) {
#pragma unroll
      for (uint32_t i = 0; i < s.size; ++i) {
        const uint32_t key = kv0 + i / 4 * 8 + col0 + i % 2, row = row0 + i / 2 % 2 * 8;
        if (key >= seq || (causal != 0 && key > row)) s.reg[i] = kMinusInf;
      }
    }
    float tile_max[2] = {kMinusInf, kMinusInf};
#pragma unroll
    for (uint32_t i = 0; i < s.size; ++i) tile_max[i / 2 % 2] = simt::fmax(tile_max[i / 2 % 2], s.reg[i]);
    float base[2] = {}, alpha[2] = {};
#pragma unroll
    for (uint32_t h = 0; h < 2; ++h) {
      const float m = simt::fmax(row_max[h], quad_max(tile_max[h]) * scale_log2);
      base[h] = m == kMinusInf ? 0.0f : m;  // a row with no key yet: nothing to rescale
      alpha[h] = simt::exp2(row_max[h] - base[h]);
      row_max[h] = m;
      row_sum[h] *= alpha[h];
    }
#pragma unroll
    for (uint32_t i = 0; i < s.size; ++i) {
      const float p = simt::exp2(simt::fma(s.reg[i], scale_log2, -base[i / 2 % 2]));
      s.reg[i] = p;
      row_sum[i / 2 % 2] += p;
    }
#pragma unroll
    for (uint32_t i = 0; i < acc.size; ++i) acc.reg[i] *= alpha[i / 2 % 2];
    // P's accumulator fragment as wgmma's register A fragment, 16 keys per step: elements
    // 8t..8t+7 are rows (row0, row0 + 8) x columns (16t + col0, 16t + 8 + col0), pairwise.
    simt::wgmma::RegistersA p[kBN / 16];
#pragma unroll
    for (uint32_t t = 0; t < kBN / 16; ++t)
#pragma unroll
      for (uint32_t r = 0; r < 4; ++r)
        p[t].reg[r] = simt::mma::pack_bf16(s.reg[8 * t + 2 * r], s.reg[8 * t + 2 * r + 1]);

    vpipe.consumer_wait(at);
    [[simt::unsafe]] {  // the stage's V is complete; P's registers stay untouched until the wait
      simt::wgmma::fence(acc);
#pragma unroll
      for (uint32_t t = 0; t < kBN / 16; ++t)  // 16 keys a step: 16 rows of the MN-major V
        simt::wgmma::mma_async<simt::wgmma::Major::MN>(acc, p[t], dv.advanced(stage_bytes + t * 16 * kRowBytes));
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(acc);
    }
    if (releases) vpipe.consumer_release(at);
    at.advance();
  }

  float inverse[2] = {};
#pragma unroll
  for (uint32_t h = 0; h < 2; ++h) {
    const float sum = quad_sum(row_sum[h]);
    inverse[h] = sum > 0.0f ? 1.0f / sum : 0.0f;
  }
  [[simt::unsafe]] {  // the fragment layout gives each element of the tile to one thread; row < seq, head < heads
#pragma unroll
    for (uint32_t i = 0; i < acc.size; ++i) {
      const uint32_t row = row0 + i / 2 % 2 * 8, col = i / 4 * 8 + col0 + i % 2;
      if (row < seq)
        o.get_unchecked_mut((size_t(head) * seq + row) * kD + col) = simt::bfloat16(acc.reg[i] * inverse[i / 2 % 2]);
    }
  }
}

}  // namespace

// scale_log2 = log2(e) / sqrt(D); causal: 0 or 1. The grid is (ceil(seq / kBM), heads).
[[kernel, simt::block(kThreads), simt::min_blocks_per_sm(1),
  simt::requires("o.size() >= heads * seq * 64")]] void attention_fwd_d64(Map q, Map k, Map v, uint32_t seq,
                                                                       uint32_t heads, uint32_t causal,
                                                                       float scale_log2,
                                                                       simt::DisjointSlice<simt::bfloat16> o) {
  attention<64>(q, k, v, seq, heads, causal, scale_log2, o);
}

[[kernel, simt::block(kThreads), simt::min_blocks_per_sm(1),
  simt::requires("o.size() >= heads * seq * 128")]] void attention_fwd_d128(Map q, Map k, Map v, uint32_t seq,
                                                                         uint32_t heads, uint32_t causal,
                                                                         float scale_log2,
                                                                         simt::DisjointSlice<simt::bfloat16> o) {
  attention<128>(q, k, v, seq, heads, causal, scale_log2, o);
}

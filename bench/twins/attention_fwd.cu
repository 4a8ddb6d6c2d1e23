// CUDA C++ twin of examples/attention_fwd/attention_fwd.cpp: O = softmax(Q K^T / sqrt(D)) V per
// head, optionally causal, Q, K, V, O [heads][seq][D] bf16, D = 64 or 128; the same algorithm
// with the sm_90a instructions written as inline PTX, as CUDA programmers do (compiled for
// sm_90a): 128 query rows per block, one producer warpgroup (one thread issues the TMA copies:
// Q once, then K and V tiles of 128 keys on two rings of mbarrier stages; setmaxnreg 40) and
// two consumer warpgroups (setmaxnreg 232) of 64 rows each: S = Q K^T with wgmma.m64n128k16,
// the online softmax in the log2 domain, O += P V with P from registers and V MN-major.
#include <cuda.h>
#include <cuda_bf16.h>
#include <stdint.h>

#include "hopper.cuh"

constexpr uint32_t kBM = 128, kBN = 128, kBox = 64, kConsumers = 2;
constexpr uint32_t kThreads = 128 * (1 + kConsumers);
constexpr uint32_t kRowBytes = kBox * 2, kBoxBytes = kBM * kRowBytes;

template <uint32_t D>
struct Smem {
  static constexpr uint32_t kParts = D / kBox, kStages = D == 64 ? 3 : 2;
  alignas(1024) __nv_bfloat16 q[kParts * kBM * kBox];
  alignas(1024) __nv_bfloat16 k[kStages * kParts * kBN * kBox];
  alignas(1024) __nv_bfloat16 v[kStages * kParts * kBN * kBox];
  alignas(8) uint64_t q_full;
  alignas(8) uint64_t k_full[kStages], k_empty[kStages], v_full[kStages], v_empty[kStages];
};

using namespace hopper;

// The kParts boxes of a tile (64 columns each) one after the other at dst.
template <uint32_t kParts>
__device__ __forceinline__ void load_tile(__nv_bfloat16* dst, const CUtensorMap* map, uint64_t* bar, uint32_t row,
                                          uint32_t head) {
#pragma unroll
  for (uint32_t p = 0; p < kParts; ++p) tma_load(dst + p * kBM * kBox, map, bar, int(p * kBox), int(row), int(head));
}

// D (64 x 64) (+)= A B, A and B K-major in shared memory (descriptors).
__device__ __forceinline__ void wgmma_ss_n64(float (&d)[32], uint64_t a, uint64_t b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, "
      "%22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
      "}, %32, %33, p, 1, 1, 0, 0;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(a), "l"(b), "r"(accumulate));
}
// D (64 x 64) += A B, A from registers (4 x bf16x2), B MN-major in shared memory (transposed).
__device__ __forceinline__ void wgmma_rs_n64(float (&d)[32], const uint32_t (&a)[4], uint64_t b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %37, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, "
      "%22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
      "}, {%32, %33, %34, %35}, %36, p, 1, 1, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(1));
}
// D (64 x 128) (+)= A B, A and B K-major in shared memory (descriptors).
__device__ __forceinline__ void wgmma_ss_n128(float (&d)[64], uint64_t a, uint64_t b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, "
      "%22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, "
      "%42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, "
      "%62, %63"
      "}, %64, %65, p, 1, 1, 0, 0;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(a), "l"(b), "r"(accumulate));
}
// D (64 x 128) += A B, A from registers (4 x bf16x2), B MN-major in shared memory (transposed).
__device__ __forceinline__ void wgmma_rs_n128(float (&d)[64], const uint32_t (&a)[4], uint64_t b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, "
      "%22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, "
      "%42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, "
      "%62, %63"
      "}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(1));
}

template <int N>
__device__ __forceinline__ void wgmma_ss(float (&d)[N / 2], uint64_t a, uint64_t b, int accumulate) {
  if constexpr (N == 64)
    wgmma_ss_n64(d, a, b, accumulate);
  else
    wgmma_ss_n128(d, a, b, accumulate);
}
template <int N>
__device__ __forceinline__ void wgmma_rs(float (&d)[N / 2], const uint32_t (&a)[4], uint64_t b) {
  if constexpr (N == 64)
    wgmma_rs_n64(d, a, b);
  else
    wgmma_rs_n128(d, a, b);
}

__device__ __forceinline__ float quad_max(float x) {
  x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 1));
  return fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 2));
}
__device__ __forceinline__ float quad_sum(float x) {
  x += __shfl_xor_sync(0xffffffffu, x, 1);
  return x + __shfl_xor_sync(0xffffffffu, x, 2);
}
__device__ __forceinline__ uint32_t pack_bf16(float lo, float hi) {
  const __nv_bfloat162 v = __floats2bfloat162_rn(lo, hi);
  return *reinterpret_cast<const uint32_t*>(&v);
}

template <uint32_t D>
__device__ __forceinline__ void attention(const CUtensorMap& q, const CUtensorMap& k, const CUtensorMap& v,
                                          uint32_t seq, uint32_t heads, uint32_t causal, float scale_log2,
                                          __nv_bfloat16* o) {
  using S = Smem<D>;
  constexpr uint32_t kParts = S::kParts, kStages = S::kStages, kTileBytes = kParts * kBoxBytes;
  const uint32_t q_tiles = (seq + kBM - 1) / kBM;
  if (blockIdx.x >= q_tiles || blockIdx.y >= heads) return;
  const uint32_t qt = causal ? q_tiles - 1 - blockIdx.x : blockIdx.x;
  const uint32_t head = blockIdx.y, q0 = qt * kBM;
  const uint32_t last = causal && q0 + kBM - 1 < seq - 1 ? q0 + kBM - 1 : seq - 1;
  const uint32_t kv_tiles = last / kBN + 1;
  extern __shared__ __align__(1024) unsigned char smem_bytes[];
  S& s = *reinterpret_cast<S*>(smem_bytes);
  if (threadIdx.x == 0) {
    mbar_init(&s.q_full, 1);
    for (uint32_t i = 0; i < kStages; ++i) {
      mbar_init(&s.k_full[i], 1), mbar_init(&s.v_full[i], 1);
      mbar_init(&s.k_empty[i], kConsumers * 4), mbar_init(&s.v_empty[i], kConsumers * 4);
    }
    mbar_init_fence();
  }
  __syncthreads();
  const uint32_t warpgroup = threadIdx.x / 128;
  uint32_t stage = 0, phase = 0;

  if (warpgroup == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n");
    if (threadIdx.x != 0) return;
    mbar_expect_tx(&s.q_full, kTileBytes);
    load_tile<kParts>(s.q, &q, &s.q_full, q0, head);
    for (uint32_t j = 0; j < kv_tiles; ++j) {
      mbar_wait(&s.k_empty[stage], phase ^ 1);
      mbar_expect_tx(&s.k_full[stage], kTileBytes);
      load_tile<kParts>(s.k + stage * kParts * kBN * kBox, &k, &s.k_full[stage], j * kBN, head);
      mbar_wait(&s.v_empty[stage], phase ^ 1);
      mbar_expect_tx(&s.v_full[stage], kTileBytes);
      load_tile<kParts>(s.v + stage * kParts * kBN * kBox, &v, &s.v_full[stage], j * kBN, head);
      if (++stage == kStages) stage = 0, phase ^= 1;
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n");
  const uint32_t consumer = warpgroup - 1, thread = threadIdx.x % 128, lane = threadIdx.x % 32;
  const uint32_t row0 = q0 + consumer * 64 + thread / 32 * 16 + lane / 4, col0 = lane % 4 * 2;
  // K-major Q and K; V MN-major, its blocks of 64 columns a box (128 rows of 128 bytes) apart.
  const uint64_t dq = descriptor(s.q), dk = descriptor(s.k), dv = descriptor(s.v, kBoxBytes);
  const float minus_inf = -INFINITY;
  float row_max[2] = {minus_inf, minus_inf}, row_sum[2] = {0.0f, 0.0f};
  float sc[kBN / 2];
  float acc[D / 2];
#pragma unroll
  for (uint32_t i = 0; i < D / 2; ++i) acc[i] = 0.0f;
  mbar_wait(&s.q_full, 0);
  for (uint32_t j = 0; j < kv_tiles; ++j) {
    const uint32_t stage_bytes = stage * kTileBytes;
    mbar_wait(&s.k_full[stage], phase);
    fence_operands<kBN / 2>(sc);
    wgmma_fence();
#pragma unroll
    for (uint32_t t = 0; t < D / 16; ++t) {
      const uint32_t in_box = t / 4 * kBoxBytes + t % 4 * 32;
      wgmma_ss<kBN>(sc, dq + ((consumer * 64 * kRowBytes + in_box) >> 4), dk + ((stage_bytes + in_box) >> 4), t > 0);
    }
    wgmma_commit();
    wgmma_wait<0>();
    fence_operands<kBN / 2>(sc);
    if (lane == 0) mbar_arrive(&s.k_empty[stage]);

    const uint32_t kv0 = j * kBN;
    if (kv0 + kBN > seq || (causal && kv0 + kBN - 1 > q0 + consumer * 64)) {
#pragma unroll
      for (uint32_t i = 0; i < kBN / 2; ++i) {
        const uint32_t key = kv0 + i / 4 * 8 + col0 + i % 2, row = row0 + i / 2 % 2 * 8;
        if (key >= seq || (causal && key > row)) sc[i] = minus_inf;
      }
    }
    float tile_max[2] = {minus_inf, minus_inf};
#pragma unroll
    for (uint32_t i = 0; i < kBN / 2; ++i) tile_max[i / 2 % 2] = fmaxf(tile_max[i / 2 % 2], sc[i]);
    float base[2], alpha[2];
#pragma unroll
    for (uint32_t h = 0; h < 2; ++h) {
      const float m = fmaxf(row_max[h], quad_max(tile_max[h]) * scale_log2);
      base[h] = m == minus_inf ? 0.0f : m;
      alpha[h] = exp2f(row_max[h] - base[h]);
      row_max[h] = m;
      row_sum[h] *= alpha[h];
    }
#pragma unroll
    for (uint32_t i = 0; i < kBN / 2; ++i) {
      const float p = exp2f(fmaf(sc[i], scale_log2, -base[i / 2 % 2]));
      sc[i] = p;
      row_sum[i / 2 % 2] += p;
    }
#pragma unroll
    for (uint32_t i = 0; i < D / 2; ++i) acc[i] *= alpha[i / 2 % 2];
    uint32_t p[kBN / 16][4];
#pragma unroll
    for (uint32_t t = 0; t < kBN / 16; ++t)
#pragma unroll
      for (uint32_t r = 0; r < 4; ++r) p[t][r] = pack_bf16(sc[8 * t + 2 * r], sc[8 * t + 2 * r + 1]);

    mbar_wait(&s.v_full[stage], phase);
    fence_operands<D / 2>(acc);
    wgmma_fence();
#pragma unroll
    for (uint32_t t = 0; t < kBN / 16; ++t) wgmma_rs<D>(acc, p[t], dv + ((stage_bytes + t * 16 * kRowBytes) >> 4));
    wgmma_commit();
    wgmma_wait<0>();
    fence_operands<D / 2>(acc);
    if (lane == 0) mbar_arrive(&s.v_empty[stage]);
    if (++stage == kStages) stage = 0, phase ^= 1;
  }
  float inverse[2];
#pragma unroll
  for (uint32_t h = 0; h < 2; ++h) {
    const float sum = quad_sum(row_sum[h]);
    inverse[h] = sum > 0.0f ? 1.0f / sum : 0.0f;
  }
#pragma unroll
  for (uint32_t i = 0; i < D / 2; ++i) {
    const uint32_t row = row0 + i / 2 % 2 * 8, col = i / 4 * 8 + col0 + i % 2;
    if (row < seq) o[(size_t(head) * seq + row) * D + col] = __float2bfloat16_rn(acc[i] * inverse[i / 2 % 2]);
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    attention_fwd_d64(const __grid_constant__ CUtensorMap q, const __grid_constant__ CUtensorMap k,
                      const __grid_constant__ CUtensorMap v, uint32_t seq, uint32_t heads, uint32_t causal,
                      float scale_log2, __nv_bfloat16* o) {
  attention<64>(q, k, v, seq, heads, causal, scale_log2, o);
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    attention_fwd_d128(const __grid_constant__ CUtensorMap q, const __grid_constant__ CUtensorMap k,
                       const __grid_constant__ CUtensorMap v, uint32_t seq, uint32_t heads, uint32_t causal,
                       float scale_log2, __nv_bfloat16* o) {
  attention<128>(q, k, v, seq, heads, causal, scale_log2, o);
}

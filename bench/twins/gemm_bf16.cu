// CUDA C++ twin of examples/gemm_bf16/gemm_bf16.cpp: C (m x n) = A (m x k) * B^T, A and B (n x k)
// row-major, all bf16 (entry gemm_tn_bfloat16) or all f16 (gemm_tn_half), f32 accumulation, n and
// k multiples of 8; the same algorithm with the
// sm_90a instructions written as inline PTX, as CUDA programmers do (compiled for sm_90a):
// 128 x 256 x 64 tiles, a ring of four TMA stages with a full and an empty mbarrier each, one
// producer warpgroup (one thread issues the copies; setmaxnreg 40) and two consumer warpgroups
// (setmaxnreg 232) that each multiply 64 rows with wgmma.m64n256k16, one group in flight, a
// persistent grid walking the tiles in groups of 8 tile rows, C stored by each warp through two
// 128-byte swizzled 16 x 64 boxes of shared memory and TMA, half of its 256 columns at a time.
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>

#include <type_traits>

#include "hopper.cuh"

constexpr uint32_t kBM = 128, kBN = 256, kBK = 64, kStages = 4, kConsumers = 2, kGroupM = 8;
constexpr uint32_t kStoreRows = 16, kStoreCols = 64, kWarps = kConsumers * 4;
constexpr uint32_t kThreads = 128 * (1 + kConsumers);
constexpr uint32_t kRowBytes = kBK * 2;

template <class T>
struct Smem {
  alignas(1024) T a[kStages * kBM * kBK];
  alignas(1024) T b[kStages * kBN * kBK];
  alignas(1024) T c[kWarps * 2 * kStoreRows * kStoreCols];  // warp w: boxes 2 w, 2 w + 1
  alignas(8) uint64_t full[kStages];
  alignas(8) uint64_t empty[kStages];
};

using namespace hopper;

// wgmma.m64n256k16 with f32 accumulators; TYPE: the inputs' type in PTX (bf16 or f16).
#define WGMMA_M64N256K16(TYPE)                                                                   \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"                                    \
               "wgmma.mma_async.sync.aligned.m64n256k16.f32." TYPE "." TYPE " {" WGMMA_D_REGS    \
               "}, %128, %129, p, 1, 1, 0, 0;\n}\n"                                             \
               WGMMA_D_OPERANDS                                                                  \
               : "l"(a), "l"(b), "r"(accumulate))
#define WGMMA_D_REGS \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, " \
  "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, " \
  "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, " \
  "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, " \
  "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127" \
  ""
#define WGMMA_D_OPERANDS \
  : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), \
  "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), \
  "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), \
  "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), \
  "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), \
  "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), \
  "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), \
  "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), \
  "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), \
  "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), \
  "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), \
  "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), \
  "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), \
  "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), \
  "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), \
  "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127]) \

template <class T>
__device__ __forceinline__ void wgmma_m64n256k16(float (&d)[128], uint64_t a, uint64_t b, int accumulate) {
  if constexpr (std::is_same_v<T, __half>)
    WGMMA_M64N256K16("f16");
  else
    WGMMA_M64N256K16("bf16");
}

// Two floats rounded to a pair of T.
template <class T>
__device__ __forceinline__ auto pack2(float x, float y) {
  if constexpr (std::is_same_v<T, __half>)
    return __floats2half2_rn(x, y);
  else
    return __floats2bfloat162_rn(x, y);
}

__device__ __forceinline__ void tile_at(uint32_t t, uint32_t tiles_m, uint32_t tiles_n, uint32_t& tm, uint32_t& tn) {
  const uint32_t per_group = kGroupM * tiles_n;
  const uint32_t first_m = t / per_group * kGroupM;
  const uint32_t rows = tiles_m - first_m < kGroupM ? tiles_m - first_m : kGroupM;
  const uint32_t in_group = t % per_group;
  tm = first_m + in_group % rows;
  tn = in_group / rows;
}

template <class T>
__device__ __forceinline__ void gemm_tn(const CUtensorMap& a, const CUtensorMap& b, const CUtensorMap& c, uint32_t m,
                                        uint32_t n, uint32_t k) {
  extern __shared__ __align__(1024) unsigned char smem_bytes[];
  Smem<T>& s = *reinterpret_cast<Smem<T>*>(smem_bytes);
  if (threadIdx.x == 0) {
    for (uint32_t i = 0; i < kStages; ++i) {
      mbar_init(&s.full[i], 1);
      mbar_init(&s.empty[i], kConsumers * 4);
    }
    mbar_init_fence();
  }
  __syncthreads();
  const uint32_t tiles_m = (m + kBM - 1) / kBM, tiles_n = (n + kBN - 1) / kBN, k_tiles = (k + kBK - 1) / kBK;
  const uint32_t tiles = tiles_m * tiles_n;
  const uint32_t warpgroup = threadIdx.x / 128;
  uint32_t stage = 0, phase = 0;

  if (warpgroup == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n");
    if (threadIdx.x != 0) return;
    for (uint32_t t = blockIdx.x; t < tiles; t += gridDim.x) {
      uint32_t tm, tn;
      tile_at(t, tiles_m, tiles_n, tm, tn);
      for (uint32_t kt = 0; kt < k_tiles; ++kt) {
        mbar_wait(&s.empty[stage], phase ^ 1);
        mbar_expect_tx(&s.full[stage], (kBM + kBN) * kBK * 2);
        tma_load(&s.a[stage * kBM * kBK], &a, &s.full[stage], int(kt * kBK), int(tm * kBM));
        tma_load(&s.b[stage * kBN * kBK], &b, &s.full[stage], int(kt * kBK), int(tn * kBN));
        if (++stage == kStages) stage = 0, phase ^= 1;
      }
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n");
  const uint32_t consumer = warpgroup - 1, thread = threadIdx.x % 128, lane = threadIdx.x % 32;
  const uint64_t da = descriptor(s.a), db = descriptor(s.b);
  for (uint32_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    uint32_t tm, tn;
    tile_at(t, tiles_m, tiles_n, tm, tn);
    float d[128];
#pragma unroll
    for (int i = 0; i < 128; ++i) d[i] = 0.0f;
    uint32_t retired = stage;
    for (uint32_t kt = 0; kt < k_tiles; ++kt) {
      mbar_wait(&s.full[stage], phase);
      const uint32_t a_bytes = (stage * kBM + consumer * 64) * kRowBytes, b_bytes = stage * kBN * kRowBytes;
      fence_operands(d);
      wgmma_fence();
#pragma unroll
      for (uint32_t step = 0; step < kBK / 16; ++step)
        wgmma_m64n256k16<T>(d, da + ((a_bytes + 32 * step) >> 4), db + ((b_bytes + 32 * step) >> 4), kt > 0 || step > 0);
      wgmma_commit();
      wgmma_wait<1>();
      fence_operands(d);
      if (kt > 0) {
        if (lane == 0) mbar_arrive(&s.empty[retired]);
        retired = retired + 1 == kStages ? 0 : retired + 1;
      }
      if (++stage == kStages) stage = 0, phase ^= 1;
    }
    wgmma_wait<0>();
    fence_operands(d);
    if (k_tiles > 0 && lane == 0) mbar_arrive(&s.empty[retired]);
    const uint32_t warp = thread / 32, box = (consumer * 4 + warp) * 2;
    const int row0 = int(tm * kBM + consumer * 64 + warp * kStoreRows), col0 = int(tn * kBN);
#pragma unroll
    for (uint32_t half = 0; half < 2; ++half) {
      if (lane == 0) bulk_wait_group_read<0>();  // the boxes' last stores have read them
      __syncwarp();
#pragma unroll
      for (uint32_t j = 0; j < 64; j += 2) {  // elements i and i + 1: columns col and col + 1
        const uint32_t i = half * 64 + j;
        const uint32_t r = thread % 32 / 4 + 8 * (i / 2 % 2), col = i / 4 * 8 + thread % 4 * 2 - half * 128;
        const uint32_t chunk = col % kStoreCols / 8 ^ r % 8;
        *reinterpret_cast<decltype(pack2<T>(0, 0))*>(
            &s.c[((box + col / kStoreCols) * kStoreRows + r) * kStoreCols + chunk * 8 + col % 8]) = pack2<T>(d[i], d[i + 1]);
      }
      fence_proxy_async_shared();
      __syncwarp();
      if (lane == 0) {
        const int col = col0 + int(half * 128);
        tma_store(&c, &s.c[box * kStoreRows * kStoreCols], col, row0);
        tma_store(&c, &s.c[(box + 1) * kStoreRows * kStoreCols], col + int(kStoreCols), row0);
        bulk_commit_group();
        if (half == 1 && t + gridDim.x >= tiles) bulk_wait_group<0>();  // the last tile's stores are done
      }
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    gemm_tn_bfloat16(const __grid_constant__ CUtensorMap a, const __grid_constant__ CUtensorMap b,
                     const __grid_constant__ CUtensorMap c, uint32_t m, uint32_t n, uint32_t k) {
  gemm_tn<__nv_bfloat16>(a, b, c, m, n, k);
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    gemm_tn_half(const __grid_constant__ CUtensorMap a, const __grid_constant__ CUtensorMap b,
                 const __grid_constant__ CUtensorMap c, uint32_t m, uint32_t n, uint32_t k) {
  gemm_tn<__half>(a, b, c, m, n, k);
}

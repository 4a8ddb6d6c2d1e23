// CUDA C++ twin of examples/scan/scan.cpp: inclusive prefix sum of 32-bit unsigned integers,
// scan-then-propagate over tiles of 1024 (256 threads x 4 consecutive elements). A thread loads
// its 4 elements as one uint4, scans them in registers, the warp scans the thread totals with
// __shfl_up_sync (Kogge-Stone), the warps' totals meet in shared memory; a second kernel adds
// the scanned totals of the earlier tiles. Full tiles are stored as one uint4 (simtc's
// TileRef::store and load do the same where the tile is whole and aligned).
#include <stdint.h>

constexpr int kBlock = 256;
constexpr int kItems = 4;

extern "C" __global__ void scan_tiles(const uint4* __restrict__ quads, const uint32_t* __restrict__ in, int n,
                                      uint32_t* __restrict__ out, uint32_t* __restrict__ tile_totals) {
  __shared__ uint32_t warp_scan[kBlock];
  const int t = threadIdx.x;
  const int first = (blockIdx.x * kBlock + t) * kItems;

  uint32_t v[kItems] = {0, 0, 0, 0};
  const bool full = first + kItems <= n;
  if (full) {
    const uint4 q = quads[first / kItems];
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) v[k] = in[first + k];
  }
#pragma unroll
  for (int k = 1; k < kItems; ++k) v[k] += v[k - 1];
  const uint32_t total = v[kItems - 1];

  const int lane = t & 31;
  uint32_t running = total;
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const uint32_t below = __shfl_up_sync(0xffffffffu, running, d);
    if (lane >= d) running += below;
  }
  warp_scan[t] = running;
  __syncthreads();
  const int warp = t >> 5;
  uint32_t before = 0;
  for (int w = 0; w < warp; ++w) before += warp_scan[w * 32 + 31];
  const uint32_t exclusive = before + running - total;

  if (full) {
    reinterpret_cast<uint4*>(out)[first / kItems] =
        make_uint4(exclusive + v[0], exclusive + v[1], exclusive + v[2], exclusive + v[3]);
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) out[first + k] = exclusive + v[k];
  }
  if (t == kBlock - 1) tile_totals[blockIdx.x] = exclusive + total;
}

extern "C" __global__ void add_tile_offsets(const uint32_t* __restrict__ scanned_totals, uint32_t* __restrict__ out,
                                            int n) {
  const int b = blockIdx.x;
  if (b == 0) return;
  const uint32_t offset = scanned_totals[b - 1];
  const int first = (b * kBlock + threadIdx.x) * kItems;
  if (first + kItems <= n) {
    uint4 q = reinterpret_cast<const uint4*>(out)[first / kItems];
    q.x += offset, q.y += offset, q.z += offset, q.w += offset;
    reinterpret_cast<uint4*>(out)[first / kItems] = q;
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) out[first + k] += offset;
  }
}

// Twin of scan_lookback: one pass with decoupled look-back. A block of 128 threads scans a tile
// of 2048 (four uint4 quads per thread at 4 (t + 128 k), the quads of each row k scanned across
// the block), publishes the tile's sum in a 64-bit status word (flag in the high half: 1 the
// tile's sum, 2 the inclusive prefix), waits 2500 ns, and warp 0 looks back 32 tiles at a time,
// polling every 650 ns while a word is missing, as the simtc kernel does; 12 blocks per SM
// (40 registers); status words are zero before the launch.
constexpr int kLookbackBlock = 128;
constexpr int kLookbackQuads = 4;
constexpr int kLookbackTile = kLookbackBlock * kLookbackQuads * 4;
constexpr int kLookbackBlocksPerSm = 12;
constexpr unsigned kLookbackDelayNs = 2500;
constexpr unsigned kLookbackPollNs = 650;

// Relaxed, as the simtc kernel's AtomicRef::load() and store(): the word holds flag and value.
__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

extern "C" __global__ void __launch_bounds__(kLookbackBlock, kLookbackBlocksPerSm) scan_lookback(const uint4* __restrict__ quads, const uint32_t* __restrict__ in, long long n,
                                         uint32_t* __restrict__ out, unsigned long long* status) {
  constexpr int kWarps = kLookbackBlock / 32;
  __shared__ uint32_t warp_totals[kWarps][kLookbackQuads];
  __shared__ uint32_t tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const long long tile = blockIdx.x, first = tile * kLookbackTile;
  uint32_t v[4 * kLookbackQuads];
#pragma unroll
  for (int k = 0; k < kLookbackQuads; ++k) {
    const long long i = first + 4 * (t + kLookbackBlock * k);
    if (i + 3 < n) {
      const uint4 q = quads[i / 4];
      v[4 * k] = q.x, v[4 * k + 1] = q.y, v[4 * k + 2] = q.z, v[4 * k + 3] = q.w;
    } else {
#pragma unroll
      for (int e = 0; e < 4; ++e) v[4 * k + e] = i + e < n ? in[i + e] : 0u;
    }
#pragma unroll
    for (int e = 1; e < 4; ++e) v[4 * k + e] += v[4 * k + e - 1];
  }
  uint32_t running[kLookbackQuads];
#pragma unroll
  for (int k = 0; k < kLookbackQuads; ++k) running[k] = v[4 * k + 3];
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
#pragma unroll
    for (int k = 0; k < kLookbackQuads; ++k) {
      const uint32_t below = __shfl_up_sync(0xffffffffu, running[k], d);
      if (lane >= d) running[k] += below;
    }
  }
  if (lane == 31)
    *reinterpret_cast<uint4*>(warp_totals[warp]) = make_uint4(running[0], running[1], running[2], running[3]);
  __syncthreads();
  uint32_t offset[kLookbackQuads];
  uint32_t aggregate = 0;
#pragma unroll
  for (int k = 0; k < kLookbackQuads; ++k) {
    uint32_t row = 0, before = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      const uint32_t x = warp_totals[w][k];
      row += x;
      if (w < warp) before += x;
    }
    offset[k] = aggregate + before + running[k] - v[4 * k + 3];
    aggregate += row;
  }
  if (warp == 0) {
    uint32_t exclusive = 0;
    if (tile == 0) {
      if (lane == 0) store_relaxed(status, (2ull << 32) | aggregate);
    } else {
      if (lane == 0) store_relaxed(status + tile, (1ull << 32) | aggregate);
      __nanosleep(kLookbackDelayNs);
      for (long long end = tile;; end -= 32) {
        const bool before = end > lane;
        unsigned long long word = 2ull << 32;
        if (before) word = load_relaxed(status + end - 1 - lane);
        while (__any_sync(0xffffffffu, (word >> 32) == 0)) {
          __nanosleep(kLookbackPollNs);
          if (before) word = load_relaxed(status + end - 1 - lane);
        }
        const uint32_t prefixes = __ballot_sync(0xffffffffu, (word >> 32) == 2);
        const bool counted = (prefixes & ((1u << lane) - 1u)) == 0;
        exclusive += __reduce_add_sync(0xffffffffu, counted ? uint32_t(word) : 0u);
        if (prefixes != 0) break;
      }
      if (lane == 0) store_relaxed(status + tile, (2ull << 32) | (exclusive + aggregate));
    }
    if (lane == 0) tile_prefix = exclusive;
  }
  __syncthreads();
  const uint32_t before_tile = tile_prefix;
#pragma unroll
  for (int k = 0; k < kLookbackQuads; ++k) {
    const long long i = first + 4 * (t + kLookbackBlock * k);
    const uint32_t add = before_tile + offset[k];
    if (i + 3 < n) {
      reinterpret_cast<uint4*>(out)[i / 4] =
          make_uint4(add + v[4 * k], add + v[4 * k + 1], add + v[4 * k + 2], add + v[4 * k + 3]);
    } else {
#pragma unroll
      for (int e = 0; e < 4; ++e)
        if (i + e < n) out[i + e] = add + v[4 * k + e];
    }
  }
}

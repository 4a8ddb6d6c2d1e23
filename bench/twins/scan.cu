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

// Twin of scan_lookback: one pass with decoupled look-back, CUB's DeviceScan structure. A block
// of 128 threads scans a tile of 3072: each warp loads its 768 elements warp-striped (lane l:
// 16-byte quads l + 32 k), transposes them through shared memory so that each thread holds 24
// consecutive elements, scans them in registers, the warp scans the thread totals with
// __shfl_up_sync, the warps' totals meet in shared memory; warp 0 publishes the tile's sum in
// a 64-bit status word (flag in the high half: 1 the tile's sum, 2 the inclusive prefix), waits
// 1245 ns, and looks back 32 tiles at a time, polling every 648 ns while a word is missing; the
// sums go back out through the same transpose. As the simtc kernel: a barrier around each
// transpose, element accesses where a quad is not whole; status words are zero before the
// launch. 10 blocks per SM, where simtc's kernel asks for 8: nvcc fits this code in 48
// registers (12 bytes spilled), simtc's build needs 64 (at 48 it spills 40 bytes).
constexpr int kLookbackBlock = 128;
constexpr int kLookbackItems = 24;
constexpr int kLookbackTile = kLookbackBlock * kLookbackItems;
constexpr int kLookbackBlocksPerSm = 10;
constexpr unsigned kLookbackDelayNs = 1245;
constexpr unsigned kLookbackPollNs = 648;

// Relaxed, as the simtc kernel's AtomicRef::load() and store(): the word holds flag and value.
__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

extern "C" __global__ void __launch_bounds__(kLookbackBlock, kLookbackBlocksPerSm)
    scan_lookback(const uint32_t* __restrict__ in, long long n, uint32_t* __restrict__ out, unsigned long long* status) {
  constexpr int kWarps = kLookbackBlock / 32, kWarpItems = 32 * kLookbackItems, kQuads = kLookbackItems / 4;
  __shared__ __align__(16) uint32_t staging[kLookbackTile];
  __shared__ uint32_t warp_totals[kWarps];
  __shared__ uint32_t tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const long long tile = blockIdx.x, first = tile * kLookbackTile + (long long)warp * kWarpItems;
  uint32_t* mine = staging + warp * kWarpItems;

  uint4 quads[kQuads];
#pragma unroll
  for (int k = 0; k < kQuads; ++k) {
    const long long j = first + 4 * (lane + 32 * k);
    if (j + 3 < n) {
      quads[k] = *reinterpret_cast<const uint4*>(in + j);
    } else {
      quads[k].x = j < n ? in[j] : 0u, quads[k].y = j + 1 < n ? in[j + 1] : 0u;
      quads[k].z = j + 2 < n ? in[j + 2] : 0u, quads[k].w = j + 3 < n ? in[j + 3] : 0u;
    }
  }
#pragma unroll
  for (int k = 0; k < kQuads; ++k) reinterpret_cast<uint4*>(mine)[lane + 32 * k] = quads[k];
  __syncthreads();
  uint32_t v[kLookbackItems];
#pragma unroll
  for (int m = 0; m < kQuads; ++m) {
    const uint4 q = reinterpret_cast<const uint4*>(mine + lane * kLookbackItems)[m];
    v[4 * m] = q.x, v[4 * m + 1] = q.y, v[4 * m + 2] = q.z, v[4 * m + 3] = q.w;
  }

  uint32_t total = 0;
#pragma unroll
  for (int i = 0; i < kLookbackItems; ++i) total += v[i];
  uint32_t running = total;
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const uint32_t below = __shfl_up_sync(0xffffffffu, running, d);
    if (lane >= d) running += below;
  }
  if (lane == 31) warp_totals[warp] = running;
  __syncthreads();
  uint32_t aggregate = 0, before = 0;
#pragma unroll
  for (int w = 0; w < kWarps; ++w) {
    const uint32_t x = warp_totals[w];
    aggregate += x;
    if (w < warp) before += x;
  }
  const uint32_t in_tile = before + running - total;

  if (warp == 0) {
    uint32_t exclusive = 0;
    if (tile == 0) {
      if (lane == 0) store_relaxed(status, (2ull << 32) | aggregate);
    } else {
      if (lane == 0) store_relaxed(status + tile, (1ull << 32) | aggregate);
      __nanosleep(kLookbackDelayNs);
      for (long long end = tile;; end -= 32) {
        const bool earlier = end > lane;
        unsigned long long word = 2ull << 32;
        if (earlier) word = load_relaxed(status + end - 1 - lane);
        while (__any_sync(0xffffffffu, (word >> 32) == 0)) {
          __nanosleep(kLookbackPollNs);
          if (earlier) word = load_relaxed(status + end - 1 - lane);
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

  uint32_t sum = tile_prefix + in_tile;
#pragma unroll
  for (int m = 0; m < kQuads; ++m) {
    uint4 q;
    q.x = sum += v[4 * m], q.y = sum += v[4 * m + 1], q.z = sum += v[4 * m + 2], q.w = sum += v[4 * m + 3];
    reinterpret_cast<uint4*>(mine + lane * kLookbackItems)[m] = q;
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < kQuads; ++k) {
    const long long j = first + 4 * (lane + 32 * k);
    const uint4 q = reinterpret_cast<const uint4*>(mine)[lane + 32 * k];
    if (j + 3 < n) {
      *reinterpret_cast<uint4*>(out + j) = q;
    } else {
      if (j < n) out[j] = q.x;
      if (j + 1 < n) out[j + 1] = q.y;
      if (j + 2 < n) out[j + 2] = q.z;
    }
  }
}

// CUDA C++ twin of examples/scan/scan.cpp: inclusive prefix sum of 32-bit unsigned integers in
// one pass, the single-pass scan with decoupled look-back over tiles of 4096 (256 threads x 16
// consecutive elements). A thread loads its 16 elements as four uint4, scans them in registers,
// the warp scans the thread totals with __shfl_up_sync (Kogge-Stone), the warps' totals meet in
// shared memory; the block's last thread publishes the tile's total in its 64-bit status entry
// (flag in the high half), walks back over the earlier entries to its prefix and publishes the
// inclusive prefix, with relaxed device-scope atomics as simtc's AtomicSlice load and store.
#include <stdint.h>

#include <cuda/atomic>

constexpr int kBlock = 256;
constexpr int kQuads = 4;
constexpr int kItems = 4 * kQuads;
constexpr uint64_t kTileAggregate = uint64_t(1) << 32, kTileInclusive = uint64_t(2) << 32;

using StatusRef = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>;

extern "C" __global__ void scan(const uint4* __restrict__ quads, const uint32_t* __restrict__ in, int n,
                                uint32_t* __restrict__ out, unsigned long long* status) {
  __shared__ uint32_t warp_scan[kBlock];
  __shared__ uint32_t tile_prefix;
  const int t = threadIdx.x;
  const long long first = (static_cast<long long>(blockIdx.x) * kBlock + t) * kItems;

  uint32_t v[kItems];
  const bool full = first + kItems <= n;
  if (full) {
#pragma unroll
    for (int q = 0; q < kQuads; ++q) {
      const uint4 w = quads[first / 4 + q];
      v[4 * q] = w.x, v[4 * q + 1] = w.y, v[4 * q + 2] = w.z, v[4 * q + 3] = w.w;
    }
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k) v[k] = first + k < n ? in[first + k] : 0;
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

  if (t == kBlock - 1) {
    const uint32_t b = blockIdx.x;
    const uint32_t tile_total = exclusive + total;
    uint32_t prefix = 0;
    if (b == 0) {
      StatusRef(status[0]).store(kTileInclusive | tile_total, cuda::memory_order_relaxed);
    } else {
      StatusRef(status[b]).store(kTileAggregate | tile_total, cuda::memory_order_relaxed);
      for (uint32_t p = b - 1;; --p) {
        unsigned long long entry = StatusRef(status[p]).load(cuda::memory_order_relaxed);
        while (entry == 0) entry = StatusRef(status[p]).load(cuda::memory_order_relaxed);
        prefix += static_cast<uint32_t>(entry);
        if ((entry & kTileInclusive) != 0 || p == 0) break;
      }
      StatusRef(status[b]).store(kTileInclusive | uint32_t(prefix + tile_total), cuda::memory_order_relaxed);
    }
    tile_prefix = prefix;
  }
  __syncthreads();

  const uint32_t offset = tile_prefix + exclusive;
  if (full) {
    uint4* o = reinterpret_cast<uint4*>(out + first);
#pragma unroll
    for (int q = 0; q < kQuads; ++q)
      o[q] = make_uint4(offset + v[4 * q], offset + v[4 * q + 1], offset + v[4 * q + 2], offset + v[4 * q + 3]);
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) out[first + k] = offset + v[k];
  }
}

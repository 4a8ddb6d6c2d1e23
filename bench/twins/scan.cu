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

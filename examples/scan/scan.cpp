// Inclusive prefix sum of 32-bit unsigned integers (wrapping), reduce-then-scan style:
//   scan_tiles         scans each tile of kTile elements and records the tile's total;
//   (the host scans the tile totals with the same two kernels, recursively)
//   add_tile_offsets   adds the scanned total of all earlier tiles to each tile.
// Within a tile each thread owns kItems consecutive elements (one 16-byte load, a sequential
// scan in registers, one 16-byte store), the warp scans the thread totals with shuffles, and
// the warps' totals meet in shared memory. On the H200 it runs at nvcc's speed (1.00x its twin).
#include <simt/kernel.hpp>

#include "scan.hpp"

/// out[i] = in[t] + ... + in[i] for the tile t..t + kTile - 1 that holds i, and
/// tile_totals[b] = the sum of tile b. `quads` views the first 4 * quads.size() elements of `in`.
[[kernel, simt::block(kBlock)]] void scan_tiles(simt::Slice<const Uint4> quads, simt::Slice<const uint32_t> in,
                           simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out,
                           simt::AtomicSlice<uint32_t> tile_totals) {
  simt::SharedArray<uint32_t, kBlock> warp_scan;
  auto me = simt::thread::index_in_block();
  auto mine = simt::thread::index_tile<kItems>();
  const size_t first = mine.get();  // the first of this thread's kItems elements

  uint32_t v[kItems] = {0, 0, 0, 0};
  if (first + kItems <= in.size()) {
    const Uint4 q = quads[first / kItems];
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
  } else {
    for (uint32_t k = 0; k < kItems; ++k)
      if (first + k < in.size()) v[k] = in[first + k];
  }
  for (uint32_t k = 1; k < kItems; ++k) v[k] += v[k - 1];
  const uint32_t total = v[kItems - 1];

  // Inclusive scan of the thread totals across the warp (Kogge-Stone with shuffle_up).
  const uint32_t lane = simt::warp::lane_id();
  uint32_t running = total;
  for (uint32_t d = 1; d < 32; d *= 2) {
    const uint32_t below = simt::warp::shuffle_up(simt::warp::full_mask, running, d);
    if (lane >= d) running += below;
  }
  if (auto slot = warp_scan.get_mut(me)) *slot = running;
  simt::sync_threads();
  // Add the totals of the earlier warps (each warp's last lane holds its total).
  const uint32_t warp = simt::warp::warp_id();
  uint32_t before = 0;
  for (uint32_t w = 0; w < warp; ++w) before += warp_scan[w * 32 + 31];
  const uint32_t exclusive = before + running - total;

  // One 16-byte store where the tile is whole (store writes only the elements inside `out`).
  if (auto tile = out.get_mut(mine))
    tile.store({{exclusive + v[0], exclusive + v[1], exclusive + v[2], exclusive + v[3]}});
  if (me.get() == kBlock - 1) tile_totals[simt::block::index_x()].store(exclusive + total);
}

/// out[i] += the sum of all tiles before i's tile: scanned_totals[b - 1] for tile b > 0.
[[kernel, simt::block(kBlock)]] void add_tile_offsets(simt::Slice<const uint32_t> scanned_totals,
                                 simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out) {
  const uint32_t b = simt::block::index_x();
  if (b == 0) return;
  const uint32_t offset = scanned_totals[b - 1];
  if (auto tile = out.get_mut(simt::thread::index_tile<kItems>())) {
    simt::Vec<uint32_t, kItems> q = tile.load();  // one 16-byte load and store where the tile is whole
    for (uint32_t k = 0; k < kItems; ++k) q.elements[k] += offset;
    tile.store(q);
  }
}

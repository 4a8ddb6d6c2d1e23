// Inclusive prefix sum of 32-bit unsigned integers (wrapping) in one pass over the data: the
// single-pass scan with decoupled look-back (Merrill and Garland), the algorithm of CUB's
// DeviceScan. Block b scans its tile of kTile elements; its last thread publishes the tile's
// total in status[b] at once (an aggregate), then walks back over the earlier tiles' entries,
// adding aggregates until it meets a tile that has published its inclusive prefix, and publishes
// its own. Tiles do not wait for the whole chain before them, only for their neighbours to have
// scanned: the input is read once and the output written once, 8 bytes per element, where the
// reduce-then-scan it replaces moved 16 (docs/performance.md).
//
// Within a tile each thread owns kItems consecutive elements (four 16-byte loads, a sequential
// scan in registers, 16-byte stores), the warp scans the thread totals with shuffles, and the
// warps' totals meet in shared memory.
//
// Tile b is block b: like CUB, the walk relies on the GPU starting blocks in index order, so
// that every tile it waits for is running (a tile's entry is written once it has been scanned,
// which needs nothing from any other tile).
#include <simt/kernel.hpp>

#include "scan.hpp"

/// out[i] = in[0] + ... + in[i]. `quads` views the first 4 * quads.size() elements of `in`;
/// `status` has an entry per block, all 0 before the launch.
[[kernel, simt::block(kBlock)]] void scan(simt::Slice<const Uint4> quads, simt::Slice<const uint32_t> in,
                                          simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out,
                                          simt::AtomicSlice<uint64_t> status) {
  simt::SharedArray<uint32_t, kBlock> warp_scan;
  simt::SharedArray<uint32_t, 1> tile_prefix;
  auto me = simt::thread::index_in_block();
  auto mine = simt::thread::index_tile<kItems>();
  const size_t first = mine.get();  // the first of this thread's kItems elements
  uint32_t v[kItems] = {};
  if (first + kItems <= in.size()) {
    for (uint32_t q = 0; q < kQuads; ++q) {
      const Uint4 w = quads[first / 4 + q];
      v[4 * q] = w.x, v[4 * q + 1] = w.y, v[4 * q + 2] = w.z, v[4 * q + 3] = w.w;
    }
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

  // The last thread (it holds the tile's total) publishes and looks back.
  if (me.get() == kBlock - 1) {
    const uint32_t b = simt::block::index_x();
    const uint32_t tile_total = exclusive + total;
    uint32_t prefix = 0;  // the sum of all earlier tiles
    if (b == 0) {
      status[0].store(kTileInclusive | tile_total);
    } else {
      status[b].store(kTileAggregate | tile_total);
      for (uint32_t p = b - 1;; --p) {
        uint64_t entry = status[p].load();
        while (entry == 0) entry = status[p].load();  // tile p has not scanned yet
        prefix += uint32_t(entry);
        if ((entry & kTileInclusive) != 0 || p == 0) break;
      }
      status[b].store(kTileInclusive | uint32_t(prefix + tile_total));
    }
    tile_prefix.at_mut(0) = prefix;
  }
  simt::sync_threads();

  const uint32_t offset = tile_prefix[0] + exclusive;
  // 16-byte stores where the tile is whole (store writes only the elements inside `out`).
  if (auto tile = out.get_mut(mine)) {
    simt::Vec<uint32_t, kItems> r{};
    for (uint32_t k = 0; k < kItems; ++k) r.elements[k] = offset + v[k];
    tile.store(r);
  }
}

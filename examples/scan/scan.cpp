// Inclusive prefix sum of 32-bit unsigned integers (wrapping), two ways.
//
// scan_lookback, the one the benchmark measures: a single pass with decoupled look-back, laid
// out as CUB's DeviceScan is. Each block of 128 threads scans a tile of 3072 elements: each warp
// loads its 768 elements warp-striped (lane l: 16-byte quads l + 32 k, every load of the warp
// 512 consecutive bytes) into shared memory and reads them back blocked, 24 consecutive
// elements a thread; the thread scans its 24 in registers, the warp scans the thread totals
// with shuffles, and the warps' totals meet in shared memory. Warp 0 publishes the tile's sum
// in its status word at once, waits 1245 ns, and looks back over the status words of the 32
// tiles before it at a time: the warp waits (648 ns between polls) until each of its tiles has
// published, and adds the sums from the nearest tile that has published its inclusive prefix
// (the sum up to its end) down to its own. The block then publishes its own inclusive prefix
// and writes the tile back through the same transpose. The array is read once and written
// once: 8 bytes per element, where reduce-then-scan moves 16. Tiles wait only for
// lower-numbered tiles, which the GPU starts first.
//
// Against the 2048-element tiles this replaces (four quads a thread, kept in the striped
// layout, 12 blocks per SM): one shuffle scan per thread instead of four, a third fewer tiles
// to look back over, and CUB's own pauses: 1.05-1.08 -> 1.000-1.005 x CUB's DeviceScan time on
// an H100, 8 blocks per SM at 64 registers (docs/performance.md).
//
// Reduce-then-scan, the textbook version:
//   scan_tiles         scans each tile of kTile elements and records the tile's total;
//   (the host scans the tile totals with the same two kernels, recursively)
//   add_tile_offsets   adds the scanned total of all earlier tiles to each tile.
// Within a tile each thread owns kItems consecutive elements (one 16-byte load, a sequential
// scan in registers, one 16-byte store), the warp scans the thread totals with shuffles, and
// the warps' totals meet in shared memory. On the H200: 1.52 x CUB's time (docs/performance.md).
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

/// out[i] = in[0] + ... + in[i] in one launch of one block per kLookbackTile elements;
/// status[b] is tile b's status word and must be zero before the launch.
[[kernel, simt::block(kLookbackBlock), simt::min_blocks_per_sm(kLookbackBlocksPerSm),
  simt::requires("out.size() == in.size()")]]
void scan_lookback(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out, simt::AtomicSlice<uint64_t> status) {
  // A 1-D grid of tiles: blocks of a second grid row would write the same tiles.
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  constexpr uint32_t kWarps = kLookbackBlock / 32, kWarpItems = 32 * kLookbackItems, kQuads = kLookbackItems / 4;
  // Warp w's elements, in row w: each 16-byte load of the warp brings 512 consecutive bytes.
  simt::SharedTile<uint32_t, kWarps, kWarpItems, 16> staging;
  simt::SharedArray<uint32_t, kWarps> warp_totals;
  simt::SharedArray<uint32_t, 1> tile_prefix;
  const uint32_t t = simt::thread::index_x(), lane = t % 32, warp = t / 32;
  const size_t tile = simt::block::index_x();
  const size_t first = tile * kLookbackTile + warp * kWarpItems;  // this warp's elements; 64-bit: no wrap

  // Lane l loads quads l + 32 k of its warp's elements (warp-striped), all six before the first
  // goes to `staging` (a store right after each load would wait for it before the next load
  // issues), and reads back elements 24 l .. + 23: kLookbackItems consecutive elements.
  simt::Vec<uint32_t, 4> quads[kQuads] = {};
#pragma unroll
  for (uint32_t k = 0; k < kQuads; ++k) {
    const size_t j = first + 4 * (lane + 32 * k);
    if (j + 3 < in.size()) {
      quads[k] = in.load<4>(j);
    } else {
#pragma unroll
      for (uint32_t e = 0; e < 4; ++e)
        if (j + e < in.size()) quads[k].elements[e] = in[j + e];
    }
  }
#pragma unroll
  for (uint32_t k = 0; k < kQuads; ++k) staging.store<4>(warp, 4 * (lane + 32 * k), quads[k]);
  simt::sync_threads();
  uint32_t v[kLookbackItems] = {};
#pragma unroll
  for (uint32_t m = 0; m < kQuads; ++m) {
    const simt::Vec<uint32_t, 4> q = staging.load<4>(warp, lane * kLookbackItems + 4 * m);
#pragma unroll
    for (uint32_t e = 0; e < 4; ++e) v[4 * m + e] = q[e];
  }

  // The thread totals scanned across the warp, the warps' totals across the block.
  uint32_t total = 0;
#pragma unroll
  for (uint32_t i = 0; i < kLookbackItems; ++i) total += v[i];
  uint32_t running = total;
#pragma unroll
  for (uint32_t d = 1; d < 32; d *= 2) {
    const uint32_t below = simt::warp::shuffle_up(simt::warp::full_mask, running, d);
    if (lane >= d) running += below;
  }
  // Lane 31 of each warp writes its warp's total (and only it).
  if (lane == 31) warp_totals.at_mut(warp) = running;
  simt::sync_threads();
  uint32_t aggregate = 0, before = 0;  // the tile's sum; the sum of the warps before this one
#pragma unroll
  for (uint32_t w = 0; w < kWarps; ++w) {
    const uint32_t x = warp_totals[w];
    aggregate += x;
    if (w < warp) before += x;
  }
  const uint32_t in_tile = before + running - total;  // the tile's elements before this thread's

  // Warp 0 publishes the tile's sum and looks back for the sum of every earlier tile. A status
  // word carries its flag and its value together, so relaxed atomics suffice (ld/st.relaxed.gpu,
  // no fence): a reader sees a whole word or the zero before it, and nothing else is ordered
  // through it.
  if (warp == 0) {
    uint32_t exclusive = 0;
    if (tile == 0) {
      if (lane == 0) status[0].store(kTilePrefix | aggregate);
    } else {
      if (lane == 0) status[tile].store(kTileAggregate | aggregate);
      simt::nanosleep(kLookbackDelayNs);
      // Lane l reads the status of tile end - 1 - l; lanes before tile 0 count as a prefix of 0.
      for (size_t end = tile;; end -= 32) {
        const bool earlier = end > lane;
        uint64_t word = kTilePrefix;
        if (earlier) word = status[end - 1 - lane].load();
        while (simt::warp::any(simt::warp::full_mask, (word >> 32) == 0)) {
          simt::nanosleep(kLookbackPollNs);
          if (earlier) word = status[end - 1 - lane].load();
        }
        const uint32_t prefixes = simt::warp::ballot(simt::warp::full_mask, (word >> 32) == 2);
        // The sums of the tiles from the nearest inclusive prefix (the lowest lane in
        // `prefixes`) to the last one: the lanes with no prefix below them.
        const bool counted = (prefixes & ((1u << lane) - 1u)) == 0;
        exclusive += simt::warp::reduce_add(simt::warp::full_mask, counted ? uint32_t(word) : 0u);
        if (prefixes != 0) break;
      }
      if (lane == 0) status[tile].store(kTilePrefix | (exclusive + aggregate));
    }
    if (lane == 0) tile_prefix.at_mut(0) = exclusive;
  }
  simt::sync_threads();

  // This thread's sums go back to `staging` where its elements came from (the reads above were
  // two barriers ago), and leave as they came: lane l stores quads l + 32 k.
  uint32_t sum = tile_prefix[0] + in_tile;
#pragma unroll
  for (uint32_t m = 0; m < kQuads; ++m) {
    simt::Vec<uint32_t, 4> q;
#pragma unroll
    for (uint32_t e = 0; e < 4; ++e) q.elements[e] = sum += v[4 * m + e];
    staging.store<4>(warp, lane * kLookbackItems + 4 * m, q);
  }
  simt::sync_threads();
#pragma unroll
  for (uint32_t k = 0; k < kQuads; ++k) {
    // Elements j .. j + 3 are this thread's alone to write.
    const size_t j = first + 4 * (lane + 32 * k);
    const simt::Vec<uint32_t, 4> q = staging.load<4>(warp, 4 * (lane + 32 * k));
    if (j + 3 < out.size()) {
      out.store<4>(j, q);
    } else {
#pragma unroll
      for (uint32_t e = 0; e < 4; ++e)
        if (j + e < out.size()) out.at_mut(j + e) = q[e];
    }
  }
}

// Inclusive prefix sum of 32-bit unsigned integers (wrapping), two ways.
//
// scan_lookback, the one the benchmark measures: a single pass with decoupled look-back (the
// algorithm of CUB's DeviceScan). Each block of 128 threads scans a tile of 2048 elements held
// in registers (four 16-byte quads per thread, each warp's loads and stores 512 consecutive
// bytes), publishes the tile's sum in its status word at once, and then warp 0 looks back over
// the status words of the 32 tiles before it at a time: the warp waits until each of its tiles
// has published, and adds the sums from the nearest tile that has published its inclusive
// prefix (the sum up to its end) down to its own. The block then publishes its own inclusive
// prefix and writes the tile. The array is read once and written once: 8 bytes per element,
// where reduce-then-scan moves 16. Tiles wait only for lower-numbered tiles, which the GPU
// starts first.
//
// What makes it fast is how long tiles wait, not how they compute: twelve blocks per SM (40
// registers a thread), so that many tiles load while others wait; a pause of 2.5 us after
// publishing the tile's sum before looking back, by which time the predecessors' prefixes are
// usually there; and a pause of 650 ns between polls of a word that is not, so the waiting
// warps do not crowd the few status words in L2. Together: 1.36-1.38 x CUB's time -> 1.06-1.08
// x on an H100 (docs/performance.md).
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
void scan_lookback(simt::Slice<const Uint4> quads, simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out,
                   simt::AtomicSlice<uint64_t> status) {
  static_assert(kLookbackQuads == 4, "the warps' row totals below are one Vec<uint32_t, 4>");
  // A 1-D grid of tiles: blocks of a second grid row would write the same tiles.
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  constexpr uint32_t kWarps = kLookbackBlock / 32;
  simt::SharedTile<uint32_t, kWarps, kLookbackQuads, 16> warp_totals;  // row w: warp w's row totals
  simt::SharedArray<uint32_t, 1> tile_prefix;
  const uint32_t t = simt::thread::index_x(), lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  const size_t tile = simt::block::index_x();
  const size_t first = tile * kLookbackTile;  // 64-bit: no wrap on any grid

  // Quad k of this thread: elements first + 4 (t + kLookbackBlock k) .. + 3, scanned in registers.
  uint32_t v[4 * kLookbackQuads] = {};
#pragma unroll
  for (uint32_t k = 0; k < kLookbackQuads; ++k) {
    const size_t i = first + 4 * (t + kLookbackBlock * k);
    if (i + 3 < in.size()) {
      const Uint4 q = quads[i / 4];
      v[4 * k] = q.x, v[4 * k + 1] = q.y, v[4 * k + 2] = q.z, v[4 * k + 3] = q.w;
    } else {
#pragma unroll
      for (uint32_t e = 0; e < 4; ++e)
        if (i + e < in.size()) v[4 * k + e] = in[i + e];
    }
#pragma unroll
    for (uint32_t e = 1; e < 4; ++e) v[4 * k + e] += v[4 * k + e - 1];
  }

  // The quads of row k (quad k of every thread, in thread order) scanned across the warp, then
  // across the warps through shared memory: offset[k] is the sum of the tile's elements before
  // quad k of this thread.
  uint32_t running[kLookbackQuads] = {};
#pragma unroll
  for (uint32_t k = 0; k < kLookbackQuads; ++k) running[k] = v[4 * k + 3];
#pragma unroll
  for (uint32_t d = 1; d < 32; d *= 2) {
#pragma unroll
    for (uint32_t k = 0; k < kLookbackQuads; ++k) {
      const uint32_t below = simt::warp::shuffle_up(simt::warp::full_mask, running[k], d);
      if (lane >= d) running[k] += below;
    }
  }
  // Lane 31 of each warp writes its warp's row (and only it), in one 16-byte store.
  if (lane == 31) warp_totals.store<4>(warp, 0, simt::Vec<uint32_t, 4>{{running[0], running[1], running[2], running[3]}});
  simt::sync_threads();
  uint32_t offset[kLookbackQuads] = {};
  uint32_t aggregate = 0;  // the sum of the rows before row k, then of the whole tile
#pragma unroll
  for (uint32_t k = 0; k < kLookbackQuads; ++k) {
    uint32_t row = 0, before = 0;
#pragma unroll
    for (uint32_t w = 0; w < kWarps; ++w) {
      const uint32_t x = warp_totals(w, k);
      row += x;
      if (w < warp) before += x;
    }
    offset[k] = aggregate + before + running[k] - v[4 * k + 3];
    aggregate += row;
  }

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
        const bool before = end > lane;
        uint64_t word = kTilePrefix;
        if (before) word = status[end - 1 - lane].load();
        while (simt::warp::any(simt::warp::full_mask, (word >> 32) == 0)) {
          simt::nanosleep(kLookbackPollNs);
          if (before) word = status[end - 1 - lane].load();
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
  const uint32_t before_tile = tile_prefix[0];

  // Quad k of this thread's elements, written where they came from; this thread's alone.
#pragma unroll
  for (uint32_t k = 0; k < kLookbackQuads; ++k) {
    const size_t i = first + 4 * (t + kLookbackBlock * k);
    const uint32_t add = before_tile + offset[k];
    if (i + 3 < out.size()) {
      out.store<4>(i, simt::Vec<uint32_t, 4>{{add + v[4 * k], add + v[4 * k + 1], add + v[4 * k + 2], add + v[4 * k + 3]}});
    } else {
#pragma unroll
      for (uint32_t e = 0; e < 4; ++e)
        if (i + e < out.size()) out.at_mut(i + e) = add + v[4 * k + e];
    }
  }
}

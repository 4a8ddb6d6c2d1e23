// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

/// Four 32-bit integers loaded as one 16-byte access.
struct alignas(16) Uint4 {
  uint32_t x, y, z, w;
};

constexpr uint32_t kBlock = 256;            // threads per block (whole warps)
constexpr uint32_t kItems = 4;              // consecutive elements per thread
constexpr uint32_t kTile = kBlock * kItems;  // elements per block

// scan_lookback: one pass. Each block scans a tile of kLookbackQuads quads per thread (4096
// elements) and takes the sum of all earlier tiles from their published status words.
constexpr uint32_t kLookbackQuads = 4;                          // 16-byte quads per thread
constexpr uint32_t kLookbackTile = kBlock * kLookbackQuads * 4;  // elements per block
/// A tile's status word: the flag in the high half, the value in the low half.
constexpr uint64_t kTileAggregate = uint64_t(1) << 32;  // the value is the tile's own sum
constexpr uint64_t kTilePrefix = uint64_t(2) << 32;     // the value is the sum up to the tile's end

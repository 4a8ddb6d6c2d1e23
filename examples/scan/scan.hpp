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

// scan_lookback: one pass. Each block scans a tile of kLookbackItems elements per thread (3072
// elements) and takes the sum of all earlier tiles from their published status words.
constexpr uint32_t kLookbackBlock = 128;                            // threads per block
constexpr uint32_t kLookbackItems = 24;                             // consecutive elements per thread
constexpr uint32_t kLookbackTile = kLookbackBlock * kLookbackItems;  // elements per block
/// Blocks per SM the register budget must allow (64 registers a thread): the more tiles are
/// resident, the more of them are loading while others wait for their predecessors. (10 would
/// need 48, where simtc's build of this kernel spills 40 bytes: 5 % slower.)
constexpr uint32_t kLookbackBlocksPerSm = 8;
/// Nanoseconds a block waits after publishing its sum before it looks back (about the time a
/// status word takes to reach L2 and its predecessors to publish theirs), and between two polls
/// of a status word that is not there yet: fewer polls of the same few words in L2.
constexpr uint32_t kLookbackDelayNs = 1245;
constexpr uint32_t kLookbackPollNs = 648;
/// A tile's status word: the flag in the high half, the value in the low half.
constexpr uint64_t kTileAggregate = uint64_t(1) << 32;  // the value is the tile's own sum
constexpr uint64_t kTilePrefix = uint64_t(2) << 32;     // the value is the sum up to the tile's end

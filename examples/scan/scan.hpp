// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

/// Four consecutive 32-bit words, read in one 16-byte load.
struct alignas(16) Uint4 {
  uint32_t x, y, z, w;
};

inline constexpr uint32_t kBlock = 256;             // threads per block (whole warps)
inline constexpr uint32_t kQuads = 4;               // 16-byte loads per thread
inline constexpr uint32_t kItems = 4 * kQuads;      // consecutive elements per thread
inline constexpr uint32_t kTile = kBlock * kItems;  // elements per block

/// A tile's entry in the status array (one 64-bit word, so a reader sees the flag and the
/// value together): the flag in the high half, the value in the low half. 0 (nothing yet) is
/// what the host fills the array with before each launch.
inline constexpr uint64_t kTileAggregate = uint64_t(1) << 32;  // value: the tile's own total
inline constexpr uint64_t kTileInclusive = uint64_t(2) << 32;  // value: the total up to and including it

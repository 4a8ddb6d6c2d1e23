// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

/// Four 32-bit integers loaded as one 16-byte access.
struct alignas(16) Uint4 {
  uint32_t x, y, z, w;
};

inline constexpr uint32_t kBlock = 256;            // threads per block (whole warps)
inline constexpr uint32_t kItems = 4;              // consecutive elements per thread
inline constexpr uint32_t kTile = kBlock * kItems;  // elements per block

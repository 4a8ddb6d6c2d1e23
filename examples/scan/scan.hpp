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

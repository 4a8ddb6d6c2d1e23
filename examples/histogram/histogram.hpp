// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

/// Sixteen bytes loaded as one 16-byte access.
struct alignas(16) Bytes16 {
  uint32_t w[4];
};

inline constexpr uint32_t kBins = 256;      // one bin per byte value
inline constexpr uint32_t kBlock = 256;     // threads per block (one bin each when merging)
inline constexpr uint32_t kMaxBlocks = 1024;

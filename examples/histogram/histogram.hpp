// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

/// Sixteen bytes loaded as one 16-byte access.
struct alignas(16) Bytes16 {
  uint32_t w[4];
};

constexpr uint32_t kBins = 256;      // one bin per byte value
constexpr uint32_t kBlock = 256;     // threads per block (one bin each when merging)
constexpr uint32_t kMaxBlocks = 1024;

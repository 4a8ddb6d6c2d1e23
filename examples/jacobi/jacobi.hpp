// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBX = 32;  // block: kBX x kBY threads, one grid point each
constexpr uint32_t kBY = 8;

// jacobi_strip: a block of kStripBX x kStripBY threads, each thread a strip of kStripRows points
// of one column, so kStripBX x (kStripBY * kStripRows) points a block. A block 256 columns wide:
// blocks 32 columns wide read 71 % of copy at 8191 x 8193 on an H100 (92 % at 8192^2), 256
// columns wide 92 % at both (a CUDA exploration of the twin).
constexpr uint32_t kStripBX = 256;
constexpr uint32_t kStripBY = 1;
constexpr uint32_t kStripRows = 8;

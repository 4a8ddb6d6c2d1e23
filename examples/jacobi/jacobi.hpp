// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBX = 32;  // block: kBX x kBY threads, one grid point each
constexpr uint32_t kBY = 8;

// jacobi_strip: a block of kBX x kStripBY threads, each thread a strip of kStripRows points of
// one column, so kBX x (kStripBY * kStripRows) points a block.
constexpr uint32_t kStripBY = 8;
constexpr uint32_t kStripRows = 8;

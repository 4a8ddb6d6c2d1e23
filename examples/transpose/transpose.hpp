// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kTile = 32;  // a block moves a kTile x kTile tile
constexpr uint32_t kRows = 8;   // block: kTile x kRows threads, kTile / kRows elements each

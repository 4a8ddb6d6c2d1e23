// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kTile = 64;     // a block moves a kTile x kTile tile
constexpr uint32_t kThreadsX = 32; // block: kThreadsX x kRows threads
constexpr uint32_t kRows = 8;
constexpr uint32_t kSector = 8;    // floats in a 32-byte memory sector

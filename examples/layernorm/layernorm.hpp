// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBlock = 256;  // threads per block; a block normalises one row

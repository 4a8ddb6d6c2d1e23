// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBlock = 256;  // threads per block; a block normalises one row
/// Rows up to this many floats are cached in dynamic shared memory (48 KiB, the limit without
/// an opt-in), so the input is read once; longer rows are read three times.
constexpr uint32_t kMaxCachedCols = 48 * 1024 / 4;

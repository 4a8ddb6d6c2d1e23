// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBM = 128;  // rows of C per block
constexpr uint32_t kBN = 128;  // columns of C per block
constexpr uint32_t kBK = 8;    // depth of the A and B slices staged in shared memory
constexpr uint32_t kTM = 8;    // rows of C per thread: two groups of 4, 64 rows apart
constexpr uint32_t kTN = 8;    // columns of C per thread: two groups of 4, 64 apart
constexpr uint32_t kThreadsX = kBN / kTN;  // block: 16 x 16 threads
constexpr uint32_t kThreadsY = kBM / kTM;

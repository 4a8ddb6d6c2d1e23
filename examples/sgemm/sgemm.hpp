// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBM = 128;  // rows of C per block
inline constexpr uint32_t kBN = 128;  // columns of C per block
inline constexpr uint32_t kBK = 8;    // depth of the A and B slices staged in shared memory
inline constexpr uint32_t kTM = 8;    // rows of C per thread: two groups of 4, 64 rows apart
inline constexpr uint32_t kTN = 8;    // columns of C per thread: two groups of 4, 64 apart
inline constexpr uint32_t kThreadsX = kBN / kTN;  // block: 16 x 16 threads
inline constexpr uint32_t kThreadsY = kBM / kTM;

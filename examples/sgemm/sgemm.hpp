// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBM = 64;  // rows of C per block
inline constexpr uint32_t kBN = 64;  // columns of C per block
inline constexpr uint32_t kBK = 16;  // depth of the A and B tiles staged in shared memory
inline constexpr uint32_t kTM = 4;   // rows of C per thread (one 16-byte load of As)
inline constexpr uint32_t kTN = 4;   // columns of C per thread (one 16-byte load of Bs)
inline constexpr uint32_t kThreadsX = kBN / kTN;  // block: 16 x 16 threads
inline constexpr uint32_t kThreadsY = kBM / kTM;

// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBM = 64;      // rows of C per block
inline constexpr uint32_t kBN = 64;      // columns of C per block
inline constexpr uint32_t kBK = 32;      // depth of a staged A / B tile
inline constexpr uint32_t kWarpsM = 2;   // warps per block: kWarpsM x kWarpsN, each 32 x 32 of C
inline constexpr uint32_t kWarpsN = 2;
inline constexpr uint32_t kThreads = 32 * kWarpsM * kWarpsN;
inline constexpr uint32_t kStages = 2;   // shared-memory stages (load one while computing on the other)
inline constexpr uint32_t kPad = 8;      // halves of padding per tile row: conflict-free ldmatrix
/// k and n must be multiples of this: rows then start 16-byte aligned (cp.async and ldmatrix).
inline constexpr uint32_t kAlign = 8;

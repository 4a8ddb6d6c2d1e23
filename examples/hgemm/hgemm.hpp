// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBM = 64;      // rows of C per block
constexpr uint32_t kBN = 64;      // columns of C per block
constexpr uint32_t kBK = 32;      // depth of a staged A / B tile
constexpr uint32_t kWarpsM = 2;   // warps per block: kWarpsM x kWarpsN, each 32 x 32 of C
constexpr uint32_t kWarpsN = 2;
constexpr uint32_t kThreads = 32 * kWarpsM * kWarpsN;
constexpr uint32_t kStages = 2;   // shared-memory stages (load one while computing on the other)
constexpr uint32_t kPad = 8;      // halves of padding per tile row: conflict-free ldmatrix
/// k and n must be multiples of this: rows then start 16-byte aligned (cp.async and ldmatrix).
constexpr uint32_t kAlign = 8;

// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBM = 128;       // query rows per block: 64 per consumer warpgroup
constexpr uint32_t kBN = 128;       // keys per stage (the N of the S = Q K^T wgmma)
constexpr uint32_t kBox = 64;       // columns of a TMA box: 64 bf16, one 128-byte swizzled row
constexpr uint32_t kConsumers = 2;  // consumer warpgroups; one more produces
constexpr uint32_t kThreads = 128 * (1 + kConsumers);
static_assert(kBM == kBN, "Q, K and V share one tensor map type: boxes of kBox x kBM");

/// Shared-memory stages of K and V for head dimension D (64 or 128): 3 x 32 KiB or 2 x 64 KiB.
constexpr uint32_t attention_stages(uint32_t d) { return d == 64 ? 3 : 2; }

// Shared by the kernel file and the host program.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

constexpr uint32_t kBM = 128;       // rows of C per tile (64 per consumer warpgroup)
constexpr uint32_t kBN = 256;       // columns of C per tile: wgmma's largest N
constexpr uint32_t kBK = 64;        // depth of a stage: 64 bf16, one 128-byte swizzled row
constexpr uint32_t kStages = 4;     // shared-memory stages: 4 x 48 KiB
constexpr uint32_t kConsumers = 2;  // consumer warpgroups; one more produces
constexpr uint32_t kThreads = 128 * (1 + kConsumers);
constexpr uint32_t kGroupM = 8;     // rows of tiles a block walks before the next columns (L2 reuse)
constexpr uint32_t kStoreRows = 16;  // a TMA store of C: 16 rows (one warp's) of 64 columns,
constexpr uint32_t kStoreCols = 64;  // 128 bytes, 128-byte swizzled
/// k and n must be multiples of this: rows of A, B and C then start 16-byte aligned (TMA's row
/// stride).
constexpr uint32_t kAlign = 8;

// The tensor maps the kernel takes, for A, B and C of element type T (simt::bfloat16 or simt::half).
// simt::TensorMap comes from <simt/kernel.hpp> or <simt/host.hpp>, included first.
template <class T>
using MapA = simt::TensorMap<T, kBK, kBM>;  // boxes of kBM rows of A, kBK values of K
template <class T>
using MapB = simt::TensorMap<T, kBK, kBN>;  // boxes of kBN rows of B, kBK values of K
template <class T>
using MapC = simt::TensorMap<T, kStoreCols, kStoreRows>;  // boxes of C a warp stores

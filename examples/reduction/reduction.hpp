// Shared by the kernel file and the host program: the vector type and the block size.
// Its constants are constexpr, not inline: each file that includes it has its own, since
// bench_kernels links several examples whose constants share names (kBM, kBlock, ...).
#pragma once

#include <stdint.h>

/// Four floats loaded as one 16-byte access.
struct alignas(16) Float4 {
  float x, y, z, w;
};

/// Threads per block; a multiple of 64 (the shared-memory tree stops at 64 partial sums).
constexpr uint32_t kBlock = 256;
/// Float4s each thread loads per step of its grid-stride loop.
constexpr uint32_t kUnroll = 4;
/// At most this many blocks (four per SM slot of an H100 or H200 at 8 blocks per SM): each
/// thread then sums several Float4s before the block reduces, and the blocks that finish first
/// start over while the last ones still load.
constexpr uint32_t kMaxBlocks = 4224;

// Shared by the kernel file and the host program: the vector type and the block size.
#pragma once

#include <stdint.h>

/// Four floats loaded as one 16-byte access.
struct alignas(16) Float4 {
  float x, y, z, w;
};

/// Threads per block; a multiple of 64 (the shared-memory tree stops at 64 partial sums).
inline constexpr uint32_t kBlock = 256;
/// At most this many blocks: each thread then sums several Float4s before the block reduces.
inline constexpr uint32_t kMaxBlocks = 1024;

// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBlock = 256;  // threads per block; a block normalises one row
/// Elements of a row each thread keeps in registers (layer_norm_1k ... layer_norm_16k).
inline constexpr uint32_t kPerThread = 32;

// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBlock = 256;  // threads per block; a block normalises one row

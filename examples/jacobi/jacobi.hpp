// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kBX = 32;  // block: kBX x kBY threads, one grid point each
inline constexpr uint32_t kBY = 8;

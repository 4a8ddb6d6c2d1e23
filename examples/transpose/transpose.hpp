// Shared by the kernel file and the host program.
#pragma once

#include <stdint.h>

inline constexpr uint32_t kTile = 32;  // a block moves a kTile x kTile tile
inline constexpr uint32_t kRows = 8;   // block: kTile x kRows threads, kTile / kRows elements each

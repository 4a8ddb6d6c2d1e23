// A parameter struct that a kernel file and its host program share: the generated header's
// launchers take this very type (not a copy of it).
#pragma once

#include <cstdint>

namespace filters {
struct Taps {
  float weight[3];
  std::uint32_t count;
};
}  // namespace filters

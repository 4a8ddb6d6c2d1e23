// Launch configuration helpers.
#include <cstdint>
#include <string>

#include "simt/runtime/error.hpp"
#include "simt/runtime/launch.hpp"
#include "text.hpp"

namespace simt {

LaunchConfig1D LaunchConfig1D::cover(std::size_t n, std::uint32_t block) {
  if (block == 0) throw UsageError("LaunchConfig1D::cover", "the block size must be at least 1 thread");
  // Written so that it cannot overflow for n near SIZE_MAX.
  const std::size_t grid = n / block + (n % block != 0 ? 1 : 0);
  constexpr std::size_t kMaxGridX = 2147483647;  // 2^31 - 1, the x limit of every supported GPU
  if (grid > kMaxGridX)
    throw UsageError("LaunchConfig1D::cover", "covering " + std::to_string(n) + " elements with blocks of " +
                                                  std::to_string(block) + " threads needs " + std::to_string(grid) +
                                                  " blocks, more than the grid limit of " + std::to_string(kMaxGridX));
  return LaunchConfig1D{static_cast<std::uint32_t>(grid), block, 0};
}

std::string to_string(const LaunchShape& shape) {
  auto dim = [](const Dim3& d) { return detail::cat("(", d.x, ", ", d.y, ", ", d.z, ")"); };
  return detail::cat("grid ", dim(shape.grid), ", block ", dim(shape.block), ", shared ", shape.shared_bytes, " bytes");
}

}  // namespace simt

// Private to the runtime: message building.
#pragma once

#include <concepts>
#include <type_traits>
#include <string>
#include <string_view>

namespace simt::detail {

/// Concatenates strings and integers. Appending into one string sidesteps GCC 12's false
/// -Wrestrict warning on `"literal" + std::to_string(n)` at -O3 (GCC PR 105329).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  auto append = [&out](const auto& part) {
    if constexpr (std::integral<std::decay_t<decltype(part)>>)
      out += std::to_string(part);
    else
      out += std::string_view(part);
  };
  (append(parts), ...);
  return out;
}

}  // namespace simt::detail

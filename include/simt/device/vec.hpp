// simt::Vec<T, N>: N consecutive elements as one value, the unit of a vector access.
#pragma once

#include "simt/device/config.hpp"

namespace simt {

/// N consecutive elements of T as one value, read or written in one access (a vector load or
/// store: SharedTile::load<N>, TileRef::load and TileRef::store). A plain value; `v[i]` past N
/// stops the thread.
template <class T, size_t N>
struct SIMT_PLAIN_DATA alignas(N * sizeof(T)) Vec {
  static_assert(N > 0 && (N & (N - 1)) == 0, "simt::Vec holds a power of two of elements");
  T elements[N];
  const T& operator[](size_t i) const {
    if (i >= N) trap();
    return elements[i];
  }
};

}  // namespace simt

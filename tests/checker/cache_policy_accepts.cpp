// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Vector loads and cache policies are safe code: a read-only slice read four elements at a
// time, streaming, a tile loaded and stored under policies, an owned element stored
// write-through, through a helper that takes the views by reference.
#include <simt/kernel.hpp>

namespace cache = simt::cache;

float sum4(const simt::Slice<const float>& in, size_t at) {
  const simt::Vec<float, 4> v = in.load<4, cache::streaming>(at);
  return v[0] + v[1] + v[2] + v[3];
}

[[kernel]] void sums(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const size_t at = 4 * i.get();
    const float tail = in.load_partial<4, cache::read_only>(at)[0];
    o.store<cache::write_through>(at + 4 <= in.size() ? sum4(in, at) : tail);
  }
}

[[kernel]] void tiles(simt::DisjointSlice<float, simt::space::Tile<4>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<4>())) {
    simt::Vec<float, 4> v = tile.load<cache::last_use>();
    for (uint32_t k = 0; k < 4; ++k) v.elements[k] *= 2.0f;
    tile.store<cache::streaming>(v);
  }
}

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s
// Cache policies where their access cannot take them do not compile: a store policy on a load,
// read_only on a tile of a writable slice, a hinted access of 2-byte elements.
#include <simt/kernel.hpp>

[[kernel]] void store_policy_on_a_load(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = in.load<simt::cache::write_through>(0);
}
// CHECK: cache_policy_misuse.cpp:7:63: error: no matching member function for call to 'load'

[[kernel]] void read_only_tile(simt::DisjointSlice<float, simt::space::Tile<4>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<4>())) tile.store(tile.load<simt::cache::read_only>());
}
// CHECK: error: static assertion failed{{.*}}: cache::read_only reads only read-only slices (simt::Slice<const T>)

[[kernel]] void short_elements(simt::Slice<const uint16_t> in, simt::DisjointSlice<uint16_t> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = in.load<simt::cache::streaming>(0);
}
// CHECK: error: static assertion failed{{.*}}: a cache policy other than normal needs elements of 4 or 8 bytes

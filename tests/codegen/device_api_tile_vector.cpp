// A Tile<N> handle's load() and store(): one vector access where the tile is whole and
// aligned (the test of both is the only code added), element accesses for the slice's last,
// partial tile; a float tile of 2, a 64-bit tile of 2 and an int tile of 4.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

// CHECK-LABEL: .entry add_one(
// CHECK: and.b64 {{.*}}, 15;
// CHECK: ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
// CHECK: ld.global.b32
// CHECK: st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}
// CHECK: st.global.b32
// CHECK: ret;
[[kernel]] void add_one(simt::DisjointSlice<int, simt::space::Tile<4>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<4>())) {
    simt::Vec<int, 4> v = tile.load();
    for (uint32_t k = 0; k < 4; ++k) v.elements[k] += 1;
    tile.store(v);
  }
}

// CHECK-LABEL: .entry pairs(
// CHECK: and.b64 {{.*}}, 7;
// CHECK: st.global.v2.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}}
// CHECK: st.global.b32
// CHECK: ret;
[[kernel]] void pairs(float x, simt::DisjointSlice<float, simt::space::Tile<2>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<2>())) tile.store({{x, 2.0f * x}});
}

// CHECK-LABEL: .entry wide(
// CHECK: and.b64 {{.*}}, 15;
// CHECK: st.global.v2.b64 [%rd{{[0-9]+}}], {%rd{{[0-9]+}}, %rd{{[0-9]+}}}
// CHECK: st.global.b64
// CHECK: ret;
[[kernel]] void wide(simt::DisjointSlice<uint64_t, simt::space::Tile<2>> out) {
  auto i = simt::thread::index_tile<2>();
  const uint64_t first = i.get();
  if (auto tile = out.get_mut(i)) tile.store({{first, first + 1}});
}

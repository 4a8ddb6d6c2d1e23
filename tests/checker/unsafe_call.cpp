// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

SIMT_REQUIRES_UNSAFE void scatter(simt::DisjointSlice<float>& out, size_t at, float v) {
  out.get_unchecked_mut(at) = v;
}

[[kernel]] void k(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  float first = x.get_unchecked(0);
  out.get_unchecked_mut(3) = first;
  scatter(out, 7, first);
}

[[kernel]] void pairs(simt::DisjointSlice<float> out) { out.store_unchecked(4, simt::Vec<float, 2>{{1.0f, 2.0f}}); }

void store_pair(simt::DisjointSlice<float>& out, size_t at) { out.store_unchecked(at, simt::Vec<float, 2>{{0.0f, 0.0f}}); }

[[kernel]] void pairs_in_helper(simt::DisjointSlice<float> out) { store_pair(out, 6); }

[[kernel]] void staging(simt::TensorMap<float, 32, 8> map) {
  simt::SharedTile<float, 16, 32, 1024> tile;
  tile.store_unchecked(0, 4, simt::Vec<float, 4>{});
  simt::tma::store_box(map, tile, 1, 0, 0);
}

// The same through a helper: reported at the helper's call, as for DisjointSlice above.
void stage_box(simt::TensorMap<float, 32, 8>& map, simt::SharedTile<float, 16, 32, 1024>& tile) { simt::tma::store_box(map, tile, 0, 0, 0); }

[[kernel]] void staging_in_helper(simt::TensorMap<float, 32, 8> map) {
  simt::SharedTile<float, 16, 32, 1024> tile;
  stage_box(map, tile);
}

// CHECK: {{.*}}unsafe_call.cpp:9:19: error: 'simt::Slice<const float>::get_unchecked' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:10:7: error: 'simt::DisjointSlice<float>::get_unchecked_mut' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:11:3: error: 'scatter' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:4:27: note: marked SIMT_REQUIRES_UNSAFE here
// CHECK-NEXT: {{.*}}unsafe_call.cpp:14:61: error: 'simt::DisjointSlice<float>::store_unchecked' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:16:67: error: 'simt::DisjointSlice<float>::store_unchecked' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:22:8: error: 'simt::SharedTile<float, 16, 32, 1024>::store_unchecked' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:23:3: error: 'simt::tma::store_box' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_call.cpp:27:99: error: 'simt::tma::store_box' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]

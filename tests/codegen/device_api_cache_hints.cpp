// Cache policies (simt/device/cache.hpp): each hinted access is one PTX load or store with its
// cache operator, vector-wide where the vector is whole and aligned.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

namespace cache = simt::cache;

// CHECK-LABEL: .entry streaming(
// CHECK: ld.global.cs.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: st.global.cs.f32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK: ret;
[[kernel]] void streaming(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) o.store<cache::streaming>(2.0f * in.load<cache::streaming>(i.get()));
}

// CHECK-LABEL: .entry read_only_vectors(
// CHECK: ld.global.nc.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: ld.global.nc.v4.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ret;
[[kernel]] void read_only_vectors(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const simt::Vec<float, 4> v = in.load<4, cache::read_only>(4 * i.get());
    *o = v[0] + v[1] + v[2] + v[3];
  }
}

// CHECK-LABEL: .entry last_use_and_volatile(
// CHECK: ld.global.lu.v2.f64 {%rd{{[0-9]+}}, %rd{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ld.global.cv.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK: ret;
[[kernel]] void last_use_and_volatile(simt::Slice<const double> a, simt::Slice<const int> b,
                                      simt::DisjointSlice<double> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const simt::Vec<double, 2> v = a.load<2, cache::last_use>(2 * i.get());
    *o = v[0] + v[1] + b.load<cache::volatile_>(i.get());
  }
}

// A tile of four unsigned integers, read streaming and written through.
// CHECK-LABEL: .entry tiles(
// CHECK: ld.global.cs.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: st.global.wt.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: ret;
[[kernel]] void tiles(simt::DisjointSlice<uint32_t, simt::space::Tile<4>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<4>())) {
    simt::Vec<uint32_t, 4> v = tile.load<cache::streaming>();
    for (uint32_t k = 0; k < 4; ++k) v.elements[k] += 1;
    tile.store<cache::write_through>(v);
  }
}

// 64-bit integers two at a time, streaming.
// CHECK-LABEL: .entry wide(
// CHECK: st.global.cs.v2.b64 [%rd{{[0-9]+}}], {%rd{{[0-9]+}}, %rd{{[0-9]+}}};
// CHECK: ret;
[[kernel]] void wide(simt::DisjointSlice<uint64_t, simt::space::Tile<2>> out) {
  const auto i = simt::thread::index_tile<2>();
  if (auto tile = out.get_mut(i)) tile.store<cache::streaming>({{i.get(), i.get() + 1}});
}

// Slice<const T>::load<N>(i): one vector load where element i is N * sizeof(T)-aligned, element
// loads otherwise, behind one bounds check of the whole range (the last index, i + N - 1,
// against the size); load_partial<N> fills the elements past the end with zeros instead. A
// read-only slice's parameter is noalias and readonly, so LLVM loads it through the
// non-coherent path (.nc) by itself; LLVM 22 spells 32-bit loads .b32.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc build %s --arch sm_90 --no-fault-report -o - | FileCheck %s --check-prefix=PROVEN
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

// CHECK-LABEL: .entry sum4(
// CHECK: setp.lt.u64
// CHECK: and.b64 {{.*}}, 15;
// CHECK: ld.global.nc.b32
// CHECK: ld.global.nc.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ret;
// CHECK: trap;
[[kernel]] void sum4(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const simt::Vec<float, 4> v = in.load<4>(4 * i.get());
    *o = v[0] + v[1] + v[2] + v[3];
  }
}

// Two doubles: ld.global.v2.f64.
// CHECK-LABEL: .entry pair_of_doubles(
// CHECK: ld.global.nc.v2.b64 {%rd{{[0-9]+}}, %rd{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ret;
[[kernel]] void pair_of_doubles(simt::Slice<const double> in, simt::DisjointSlice<double> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const simt::Vec<double, 2> v = in.load<2>(2 * i.get());
    *o = v[0] * v[1];
  }
}

// The last vector of a slice of any size: load_partial.
// CHECK-LABEL: .entry tail(
// CHECK: ld.global.nc.v4.b32
// CHECK: ret;
[[kernel]] void tail(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const simt::Vec<float, 4> v = in.load_partial<4>(4 * i.get());
    *o = v[0] + v[1] + v[2] + v[3];
  }
}

// In range by the guard and the contract, aligned by the contract: the bounds check and the
// alignment test are gone, one vector load is left.
// PROVEN-LABEL: .entry proven(
// PROVEN-NOT: trap;
// PROVEN-NOT: and.b64
// PROVEN: ld.global.nc.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// PROVEN-NOT: ld.global
// PROVEN-NOT: trap;
// PROVEN: ret;
[[kernel, simt::requires("in.size() >= 4 * n", "in.address() % 16 == 0")]] void proven(
    uint32_t n, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t i = simt::block::index_x() * simt::block::dim_x() + simt::thread::index_x();
  if (i < n)
    if (auto o = out.get_mut(simt::thread::index_1d())) {
      const simt::Vec<float, 4> v = in.load<4>(4 * size_t(i));
      *o = v[0] + v[1] + v[2] + v[3];
    }
}

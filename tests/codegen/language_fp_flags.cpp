// nvcc's floating-point switches from C++ to PTX: a * b + c is one fma.rn by default and a
// mul.rn then add.rn under --fmad=false; --use-fast-math turns float division, sin and exp into
// the approximate instructions and flushes subnormals (.ftz), and leaves double alone.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s --check-prefix=DEFAULT
// RUN: %simtc build %s --arch sm_90 --fmad=false -o - | FileCheck %s --check-prefix=NOFMA
// RUN: %simtc build %s --arch sm_90 --use-fast-math -o - | FileCheck %s --check-prefix=FAST
#include <simt/kernel.hpp>

[[kernel]] void mul_add(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] * b[i.get()] + 1.5f;
}

[[kernel]] void transcendental(simt::Slice<const float> a, simt::Slice<const double> d,
                               simt::DisjointSlice<float> out, simt::DisjointSlice<double> out_d) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = simt::sin(a[i.get()]) / a[i.get()] + simt::exp(a[i.get()]);
  if (auto o = out_d.get_mut(i)) *o = d[i.get()] / 3.0;
}

// DEFAULT-LABEL: .entry mul_add(
// DEFAULT:         fma.rn.f32
// DEFAULT-NOT:     mul.rn.f32
// DEFAULT-LABEL: .entry transcendental(
// DEFAULT-NOT:     sin.approx
// DEFAULT:         div.rn.f32
// DEFAULT:         div.rn.f64

// NOFMA-LABEL: .entry mul_add(
// NOFMA:         mul.rn.f32
// NOFMA-NEXT:    add.rn.f32
// NOFMA-NOT:     fma.rn.f32
// NOFMA-LABEL: .entry transcendental(

// FAST-LABEL: .entry mul_add(
// FAST:         fma.rn.ftz.f32
// FAST-LABEL: .entry transcendental(
// FAST:         sin.approx.ftz.f32
// FAST:         div.approx.ftz.f32
// FAST:         ex2.approx.ftz.f32
// FAST:         div.rn.f64

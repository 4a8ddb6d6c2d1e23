// Inline PTX in [[simt::unsafe]] blocks: the template with the operands' registers in place of
// %0, %1, ... and %% as %, outputs stored to any scalar lvalue, read-write operands tied to
// one register, constants through "n", pointers through "l".
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

// CHECK-LABEL: .entry lanes(
// CHECK: mov.u32 %r{{[0-9]+}}, %laneid;
// CHECK: ret;
[[kernel]] void lanes(simt::DisjointSlice<unsigned> out) {
  unsigned lane = 0;
  [[simt::unsafe]] {
    // A special register into a local.
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = lane;
}

// CHECK-LABEL: .entry tied_and_constant(
// CHECK: mul.lo.u32 [[X:%r[0-9]+]], [[X]], 3;
// CHECK: add.u32 [[Y:%r[0-9]+]], [[Y]], %r{{[0-9]+}};
// CHECK: ret;
[[kernel]] void tied_and_constant(uint32_t a, uint32_t b, simt::DisjointSlice<unsigned> out) {
  uint32_t x = a;
  [[simt::unsafe]] {
    // Registers only.
    asm("mul.lo.u32 %0, %0, %1;" : "+r"(x) : "n"(3));
    asm("add.u32 %0, %0, %1;" : "+r"(x) : "r"(b));
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = x;
}

// Two outputs of different types, a double and a 16-bit operand.
// CHECK-LABEL: .entry several(
// CHECK: mov.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}};
// CHECK: cvt.u32.u16 %r{{[0-9]+}}, %rs{{[0-9]+}};
// CHECK: ret;
[[kernel]] void several(double d, uint16_t h, simt::DisjointSlice<uint64_t> out) {
  uint64_t bits = 0;
  uint32_t wide = 0;
  [[simt::unsafe]] {
    // Registers only.
    asm("mov.b64 %0, %1;" : "=l"(bits) : "d"(d));
    asm("cvt.u32.u16 %0, %1;" : "=r"(wide) : "h"(h));
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = bits + wide;
}

// A store through a pointer operand with a memory clobber: the thread's own element.
// CHECK-LABEL: .entry store_own(
// CHECK: st.global.cs.f32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK: ret;
[[kernel]] void store_own(float v, simt::DisjointSlice<float> out) {
  const size_t i = simt::thread::index_1d().get();
  if (i >= out.size()) return;
  [[simt::unsafe]] {
    // Element i is this thread's (index_1d), and i < out.size().
    float* p = out.data() + i;
    asm volatile("st.global.cs.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
  }
}

// The kernel language in PTX: simt::printf calls vprintf with the format in global memory and
// the promoted arguments in a local buffer; SIMT_ASSERT calls __assertfail; recursion is a real
// call (ptxas sizes the stack); half and bfloat16 arithmetic uses the native f16/bf16
// instructions of sm_90 (fused under the default --fmad=true, separate with --fmad=false).
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc build %s --arch sm_90 --fmad=false -o - | FileCheck %s --check-prefix=NOFMA
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

[[kernel]] void recursive(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = fib(in[i.get()] & 15);
}

[[kernel]] void report(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int v = in[i.get()];
    simt::printf("v=%d x=%f c=%c %s\n", v, v * 0.5f, 'q', "done");
    SIMT_ASSERT(v >= 0);
    *o = v;
  }
}

[[kernel]] void halves(simt::Slice<const simt::half> a, simt::Slice<const simt::bfloat16> b,
                       simt::DisjointSlice<simt::half> h, simt::DisjointSlice<simt::bfloat16> bf) {
  auto i = simt::thread::index_1d();
  if (auto o = h.get_mut(i)) *o = a[i.get()] * a[i.get()] + a[i.get()];
  if (auto o = bf.get_mut(i)) *o = b[i.get()] * b[i.get()] - b[i.get()];
}

// CHECK:       .func  (.param .b32 func_retval0) _Z3fibi
// CHECK:       .extern .func  (.param .b32 func_retval0) vprintf
// CHECK:       .extern .func __assertfail
// The format, "done", the condition, the file and the function: read-only, in .const.
// CHECK:       .const .align 1 .b8 str[19] = {118, 61, 37, 100, 32, 120, 61, 37, 102, 32, 99, 61, 37, 99, 32, 37, 115, 10};
// CHECK-NEXT:  .const .align 1 .b8 str_$_1[5] = {100, 111, 110, 101};
// CHECK-NEXT:  .const .align 1 .b8 str_$_2[7] = {118, 32, 62, 61, 32, 48};
// CHECK-NEXT:  .const .align 1 .b8 str_$_3[{{[0-9]+}}] = {{.*}};
// CHECK-NEXT:  .const .align 1 .b8 str_$_4[7] = {114, 101, 112, 111, 114, 116};
// CHECK-LABEL: .entry recursive(
// CHECK:         call.uni (retval0), _Z3fibi, (param0);
// CHECK-LABEL: .func  (.param .b32 func_retval0) _Z3fibi(
// CHECK:         call.uni (retval0), _Z3fibi, (param0);
// CHECK-LABEL: .entry report(
// The buffer: int v at 0, double x at 8, int 'q' at 16, the string pointer at 24.
// CHECK:         .local .align 8 .b8 __local_depot{{.*}}[32];
// CHECK:         st.local.b32 [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK:         st.local.b64 [%r{{[0-9]+}}+8], %rd{{[0-9]+}};
// CHECK:         st.local.b32 [%r{{[0-9]+}}+16], 113;
// CHECK:         st.local.b64 [%r{{[0-9]+}}+24], %rd{{[0-9]+}};
// CHECK:         call.uni (retval0), vprintf, (param0, param1);
// CHECK:         call.uni __assertfail, (param0, param1, param2, param3, param4);
// CHECK-LABEL: .entry halves(
// CHECK:         fma.rn.f16
// CHECK:         fma.rn.bf16
// NOFMA-LABEL: .entry halves(
// NOFMA:         mul.rn.f16
// NOFMA-NEXT:    add.rn.f16
// NOFMA:         mul.rn.bf16
// NOFMA-NEXT:    sub.rn.bf16

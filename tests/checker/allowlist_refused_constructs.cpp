// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: %python %S/Inputs/allowlist_coverage.py %simtc refused %s %S/language_subset_goto.cpp %S/language_subset_throw.cpp %S/language_subset_try.cpp %S/language_subset_typeid.cpp %S/language_subset_dynamic_cast.cpp %S/language_subset_new_delete.cpp %S/language_subset_inline_asm.cpp %S/allowlist_refused_more.cpp
// The allowlist's refused node kinds, cast kinds and builtins (one of each group), in safe code
// and in an unsafe block alike: none of them is in the kernel language.
#include <simt/kernel.hpp>

typedef float float4v __attribute__((ext_vector_type(4)));

[[kernel]] void refused(int n, simt::DisjointSlice<int> out) {
  int a = n ?: 1;
  int b = __atomic_load_n(&a, __ATOMIC_RELAXED);
  int c = ({ int t = n; t + 1; });
  int d = __builtin_choose_expr(1, 2, 3);
  int e = _Generic(n, int: 1, default: 2);
  int f = __builtin_LINE();
  void* label = &&there;
there:
  float4v v = 1.0f;
  float g = v.x;
  float4v w = __builtin_shufflevector(v, v, 0, 1, 2, 3);
  int h = __builtin_ctz(unsigned(n));
  int i = __builtin_popcountl(1ul);
  [[simt::unsafe]] {
    int j = __sync_fetch_and_add(&a, 1);
    __builtin_memmove(&a, &b, sizeof a);
    float k = __builtin_sqrtf(2.0f);
    unsigned tid = __nvvm_read_ptx_sreg_tid_x();
    void* stack = __builtin_alloca(16);
    int l = __builtin_elementwise_abs(n);
    (void)j; (void)k; (void)tid; (void)stack; (void)l;
  }
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; (void)label; (void)g; (void)w; (void)h; (void)i;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 0;
}

// CHECK: {{.*}}allowlist_refused_constructs.cpp:10:11: error: the GNU conditional 'a ?: b' is not supported in kernel code; write 'a ? a : b' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:11:11: error: the compiler's atomic builtins work on raw pointers and are not supported in kernel code; use simt::atomic or an AtomicSlice [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:12:11: error: GNU statement expressions '({ ... })' are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:13:11: error: __builtin_choose_expr is not supported in kernel code; use 'if constexpr' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:14:11: error: _Generic is not supported in kernel code; use overloads or templates [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:15:11: error: the source-location builtins (__builtin_LINE, __builtin_FILE, ...) are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:16:17: error: label addresses ('&&label') are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:18:15: error: vector types are not supported in kernel code: a scalar spread over a vector [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:19:13: error: vector types are not supported in kernel code: an element of a vector [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:20:15: error: vector types are not supported in kernel code: '__builtin_shufflevector' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:21:11: error: the builtin '__builtin_ctz' is not supported in kernel code: bit counts whose result at 0 C++ leaves undefined; use simt::popc, simt::clz, simt::ctz, simt::ffs or simt::brev (simt/device/bits.hpp, defined at 0) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:22:11: error: the builtin '__builtin_popcountl' is not supported in kernel code: bit counts whose result at 0 C++ leaves undefined; use simt::popc, simt::clz, simt::ctz, simt::ffs or simt::brev (simt/device/bits.hpp, defined at 0) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:24:13: error: the builtin '__sync_fetch_and_add_4' is not supported in kernel code: the compiler's atomic builtins work on raw pointers; use simt::atomic or an AtomicSlice [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:25:5: error: the builtin '__builtin_memmove' is not supported in kernel code: memory and string functions work on raw pointers [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:26:15: error: the builtin '__builtin_sqrtf' is not supported in kernel code: C library and math functions; use simt's math functions (simt/device/math.hpp) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:27:20: error: the builtin '__nvvm_read_ptx_sreg_tid_x' is not supported in kernel code: NVPTX builtins; use simt's device API (simt/device/*.hpp) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:28:19: error: the builtin '__builtin_alloca' is not supported in kernel code: C library and math functions; use simt's math functions (simt/device/math.hpp) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:29:13: error: the builtin '__builtin_elementwise_abs' is not supported in kernel code: vector and matrix builtins; vector types are not in the kernel language [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_constructs.cpp:16:9: error: variable 'label' has pointer type 'void *'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]

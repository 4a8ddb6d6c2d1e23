// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// More of the allowlist's refused rows (see allowlist_refused_constructs.cpp).
#include <simt/kernel.hpp>

typedef float float4v __attribute__((ext_vector_type(4)));
typedef int int4v __attribute__((ext_vector_type(4)));
struct Base {
  Base(int v) : v(v) {}
  int v;
};
struct Inherits : Base {
  using Base::Base;
};
struct Member {
  int m;
};
template <class... T>
int first(T... xs) { return xs...[0]; }
int sum(int n, ...) {
  __builtin_va_list args;
  __builtin_va_start(args, n);
  int x = __builtin_va_arg(args, int);
  __builtin_va_end(args);
  return x;
}

[[kernel]] void refused_more(int n, simt::DisjointSlice<int> out) {
  Inherits inherited(3);
  int Member::*pm = nullptr;
  _Atomic int atomic_int = 0;
  int m = atomic_int;
  auto x = 1.0if;
  _Complex float z = 2.0f;
  float r = __real__ z;
  int p = first(1, 2);
  int s = sum(1, 2);
  float4v v = {1, 2, 3, 4};
  int4v iv = __builtin_convertvector(v, int4v);
  (void)inherited; (void)pm; (void)m; (void)x; (void)r; (void)p; (void)s; (void)iv;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = n;
}

// CHECK: {{.*}}allowlist_refused_more.cpp:28:12: error: inherited constructors ('using Base::Base') are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:29:21: error: pointers to members are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:30:28: error: _Atomic types are not supported in kernel code; use simt::atomic [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:31:11: error: _Atomic types are not supported in kernel code; use simt::atomic [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:32:8: error: _Complex types are not supported in kernel code: 'x' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:32:12: error: _Complex types are not supported in kernel code: an imaginary literal [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:33:18: error: _Complex types are not supported in kernel code: 'z' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:33:22: error: _Complex types are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:38:14: error: vector types are not supported in kernel code: '__builtin_convertvector' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:18:29: error: pack indexing is not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:19:5: error: variadic functions are not supported in kernel code: 'sum' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:21:3: error: the builtin '__builtin_va_start' is not supported in kernel code: C library and math functions; use simt's math functions (simt/device/math.hpp) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:22:11: error: variadic functions are not supported in kernel code: 'va_arg' [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:23:3: error: the builtin '__builtin_va_end' is not supported in kernel code: C library and math functions; use simt's math functions (simt/device/math.hpp) [simt-language-subset]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:29:16: error: variable 'pm' has pointer type 'int Member::*'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_refused_more.cpp:20:21: error: variable 'args' has pointer type '__builtin_va_list'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]

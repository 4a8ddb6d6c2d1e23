// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Constructors run code outside their bodies: the member initialisers they write, and the
// in-class initialisers of the members they leave to them, also through an implicit default
// constructor. The rules look there too.
#include <simt/kernel.hpp>

int tally = 0;
struct Zap {
  int a[4];
  Zap() : a{(__builtin_memset(this, 0, 4096), 1)} {}
};
struct Quiet {
  int a[4] = {};
  int b = (__builtin_memset(this, 0, 4096), 1);
  int c = tally;
};
struct Fine {
  int a[4] = {1, 2, 3, 4};
  float scale = 0.5f;
  Fine() = default;
};

[[kernel]] void k(simt::DisjointSlice<int> out) {
  Zap z;
  Quiet q;
  Fine f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = z.a[0] + q.b + f.a[1];
}

// CHECK: {{.*}}allowlist_constructor_code.cpp:15:11: error: kernel code reads mutable variable 'tally' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}allowlist_constructor_code.cpp:7:5: note: 'tally' is declared here
// CHECK-NEXT: {{.*}}allowlist_constructor_code.cpp:10:14: error: '__builtin_memset' writes raw memory of any length: it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}allowlist_constructor_code.cpp:14:12: error: '__builtin_memset' writes raw memory of any length: it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]

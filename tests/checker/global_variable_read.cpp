// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Kernel code reads only constexpr data of static storage: a mutable variable (the GPU has no
// copy of it) or a const one without a compile-time value is an error in every tier, through
// helpers and lambdas too. The constexpr table and the static constexpr member are fine.
#include <simt/kernel.hpp>

int counter = 3;
int next_value();
const int computed = next_value();
constexpr float table[2] = {1.0f, 2.0f};
struct Limits {
  static int mutable_limit;
  static constexpr int fixed_limit = 8;
};

int read_counter() { return counter; }

[[kernel]] void reads(simt::DisjointSlice<float> out) {
  int a = read_counter();
  int b = computed;
  int c = Limits::mutable_limit + Limits::fixed_limit;
  auto lambda = [] { return counter * 2; };
  [[simt::unsafe]] {
    a += counter;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = table[1] + float(a + b + c + lambda());
}

// CHECK: {{.*}}global_variable_read.cpp:21:11: error: the value of 'computed' is not a compile-time constant: kernel code reads only constexpr data of static storage [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:10:11: note: 'computed' is declared here
// CHECK-NEXT: {{.*}}global_variable_read.cpp:22:19: error: kernel code reads mutable variable 'Limits::mutable_limit' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:13:14: note: 'mutable_limit' is declared here
// CHECK-NEXT: {{.*}}global_variable_read.cpp:25:10: error: kernel code reads mutable variable 'counter' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:8:5: note: 'counter' is declared here
// CHECK-NEXT: {{.*}}global_variable_read.cpp:17:29: error: kernel code reads mutable variable 'counter' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:8:5: note: 'counter' is declared here
// CHECK-NEXT: {{.*}}global_variable_read.cpp:23:29: error: kernel code reads mutable variable 'counter' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:8:5: note: 'counter' is declared here

// A static data member named through an object or a reference to one is the same variable.
[[kernel]] void reads_through_an_object(simt::DisjointSlice<float> out) {
  Limits limits;
  const Limits& alias = limits;
  const int a = limits.mutable_limit + alias.mutable_limit + limits.fixed_limit;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(a);
}

// CHECK-NEXT: {{.*}}global_variable_read.cpp:45:24: error: kernel code reads mutable variable 'Limits::mutable_limit' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:13:14: note: 'mutable_limit' is declared here
// CHECK-NEXT: {{.*}}global_variable_read.cpp:45:46: error: kernel code reads mutable variable 'Limits::mutable_limit' of static storage: the GPU has no copy of it; pass the value as a kernel parameter, or declare it constexpr [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_read.cpp:13:14: note: 'mutable_limit' is declared here

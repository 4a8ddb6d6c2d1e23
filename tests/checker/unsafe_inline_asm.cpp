// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Inline PTX is Tier 2: refused in safe code (in a kernel, in a helper that safe code calls,
// in a lambda), accepted in a [[simt::unsafe]] block and in a SIMT_REQUIRES_UNSAFE function
// called from one (language_subset_inline_asm.cpp: the constraints).
#include <simt/kernel.hpp>

[[kernel]] void in_safe_code(simt::DisjointSlice<unsigned> out) {
  unsigned lane = 0;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = lane;
}

unsigned lane_of_helper() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
[[kernel]] void through_a_helper(simt::DisjointSlice<unsigned> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = lane_of_helper();
}

[[kernel]] void in_a_lambda(simt::DisjointSlice<unsigned> out) {
  auto lane = [] {
    unsigned l;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
    return l;
  };
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = lane();
}

// Accepted: the asm in an unsafe block, and in a function that is Tier 2 as a whole.
SIMT_REQUIRES_UNSAFE unsigned lane_unsafe() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
[[kernel]] void accepted(simt::DisjointSlice<unsigned> out) {
  unsigned a = 0, b = 0;
  [[simt::unsafe]] {
    // Special registers only: no memory.
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(a));
    b = lane_unsafe();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = a + b;
}

// CHECK: {{.*}}unsafe_inline_asm.cpp:9:3: error: inline assembly ('asm') is unchecked (the checker cannot see what its PTX reads or writes): it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_inline_asm.cpp:15:3: error: inline assembly ('asm') is unchecked (the checker cannot see what its PTX reads or writes): it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_inline_asm.cpp:25:5: error: inline assembly ('asm') is unchecked (the checker cannot see what its PTX reads or writes): it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

// Inline PTX is not lowered yet: it is reported in and outside unsafe blocks alike.
[[kernel]] void lanes(simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned lane = 0;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  [[simt::unsafe]] {
    // The lane id, read from the special register.
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  }
  if (auto o = out.get_mut(i)) *o = lane;
}

// CHECK: {{.*}}language_subset_inline_asm.cpp:8:3: error: inline assembly is not supported in kernel code yet, not even in a {{\[\[}}simt::unsafe{{\]\]}} block [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:11:5: error: inline assembly is not supported in kernel code yet, not even in a {{\[\[}}simt::unsafe{{\]\]}} block [simt-language-subset]

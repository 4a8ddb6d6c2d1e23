// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

// Inline PTX is not lowered yet: outside an unsafe block it is outside the language, inside one
// it is reported as not supported yet.
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

// CHECK: {{.*}}language_subset_inline_asm.cpp:9:3: error: inline assembly is not supported in kernel code outside a {{\[\[}}simt::unsafe{{\]\]}} block [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:12:5: error: inline assembly is not supported yet, even in a {{\[\[}}simt::unsafe{{\]\]}} block [simt-language-subset]

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Inline PTX in an unsafe block with a constraint, a clobber or an operand type outside what
// simtc lowers: one error at the operand (the statement for a clobber), never a crash in LLVM.
#include <simt/kernel.hpp>

[[kernel]] void bad_constraints(simt::DisjointSlice<float> out) {
  float f = 1.0f;
  double d = 2.0;
  unsigned u = 3;
  [[simt::unsafe]] {
    // Each statement has one operand or clobber simtc refuses.
    asm("mov.f32 %0, 1.0;" : "=m"(f));
    asm("mov.u32 %0, %1;" : "=r"(u) : "r"(d));
    asm("mov.f32 %0, %1;" : "=f"(f) : "h"(f));
    asm volatile("bar.sync 0;" ::: "cc");
    asm("mov.u32 %0, 1;" : "=&r"(u));
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = f + float(d) + float(u);
}

// CHECK: {{.*}}language_subset_inline_asm.cpp:13:35: error: the inline assembly output constraint '=m' is not supported (simtc supports r, l, h, f and d (=r, +r, ... for outputs), n for constant inputs and the clobber "memory") [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:14:43: error: the inline assembly operand of constraint 'r' must be a 32-bit integer, not 'double' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:15:43: error: the inline assembly operand of constraint 'h' must be a 16-bit integer, not 'float' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:16:5: error: the inline assembly clobber "cc" is not supported (simtc supports r, l, h, f and d (=r, +r, ... for outputs), n for constant inputs and the clobber "memory") [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_inline_asm.cpp:17:34: error: the inline assembly output constraint '=&r' is not supported (simtc supports r, l, h, f and d (=r, +r, ... for outputs), n for constant inputs and the clobber "memory") [simt-language-subset]

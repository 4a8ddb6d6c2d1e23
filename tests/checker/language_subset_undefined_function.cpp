// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

float external_helper(float x);
[[kernel]] void uses(simt::DisjointSlice<float> out, float x) {
  float y = external_helper(x);
}

// CHECK: {{.*}}language_subset_undefined_function.cpp:6:13: error: function 'external_helper' has no definition in this file; kernel code can only call functions defined in the kernel file [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_undefined_function.cpp:4:7: note: declared here

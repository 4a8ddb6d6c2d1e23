// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Kernels {
  [[kernel]] void run(simt::DisjointSlice<int> out);
};

// CHECK: {{.*}}kernel_signature_member_function.cpp:5:5: error: a kernel must be a free function, not a member function [simt-kernel-signature]

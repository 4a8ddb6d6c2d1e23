// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Shape {
  virtual float area() const { return 0; }
  float size;
};
[[kernel]] void areas(Shape s, simt::DisjointSlice<float> out) {}

// CHECK: {{.*}}kernel_signature_virtual_struct.cpp:8:29: error: kernel 'areas' parameter 's' has type 'Shape', which a kernel cannot take: it is not trivially copyable [simt-kernel-signature]

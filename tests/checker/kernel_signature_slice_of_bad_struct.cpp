// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Node {
  int value;
  Node* next;
};
[[kernel]] void walk(simt::Slice<const Node> nodes, simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}kernel_signature_slice_of_bad_struct.cpp:8:46: error: kernel 'walk' parameter 'nodes' has type 'simt::Slice<const Node>', which a kernel cannot take: its element type 'Node' is not a scalar or a struct of scalars: member 'next' is a pointer [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_slice_of_bad_struct.cpp:6:9: note: member declared here

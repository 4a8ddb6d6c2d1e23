// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void forge(simt::DisjointSlice<int> out) {
  auto other = simt::detail::IndexMint::make<simt::space::Linear>(0);
  if (auto o = out.get_mut(other)) *o = 1;
  uint32_t x = simt::detail::tid_x();
}

// CHECK: {{.*}}thread_index_detail.cpp:5:41: error: 'simt::detail::IndexMint::make' is internal to simt: only simt::thread's index functions create a ThreadIndex, and user code may not name simt::detail [simt-thread-index]
// CHECK-NEXT: {{.*}}thread_index_detail.cpp:7:30: error: 'simt::detail::tid_x' is internal to simt: only simt::thread's index functions create a ThreadIndex, and user code may not name simt::detail [simt-thread-index]

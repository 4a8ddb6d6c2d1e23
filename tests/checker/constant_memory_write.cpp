// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Kernel code cannot write a simt::Constant, whatever way round: a non-const reference (a
// variable, an alias's, a helper's parameter, a lambda's), a cast that drops the const, a raw
// pointer to it.
#include <simt/kernel.hpp>

simt::Constant<float, 8> taps;
namespace filters { simt::Constant<int, 4> widths; }

void clobber(simt::Constant<float, 8>& c) {}
using Taps = simt::Constant<float, 8>;

[[kernel]] void k(simt::DisjointSlice<float> out) {
  auto& alias = taps;
  Taps& typed = taps;
  clobber(taps);
  auto writer = [](simt::Constant<int, 4>& w) {};
  writer(filters::widths);
  const auto& fine = taps;
  auto& unconst = const_cast<Taps&>(fine);
  const Taps* pointer = &taps;
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = fine[0];
}

// CHECK: {{.*}}constant_memory_write.cpp:20:19: error: const_cast needs a {{\[\[}}simt::unsafe{{\]\]}} block: it would let safe code write through a read-only view [simt-raw-pointer]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:21:15: error: variable 'pointer' has pointer type 'const Taps *'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:21:25: error: taking the address of variable 'taps' of static storage; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:14:17: error: kernel code takes a non-const reference to namespace-scope variable 'taps': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:7:26: note: 'taps' is declared here
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:15:17: error: kernel code takes a non-const reference to namespace-scope variable 'taps': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:7:26: note: 'taps' is declared here
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:16:3: error: kernel code takes a non-const reference to namespace-scope variable 'taps': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:7:26: note: 'taps' is declared here
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:18:3: error: kernel code takes a non-const reference to namespace-scope variable 'filters::widths': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_write.cpp:8:44: note: 'widths' is declared here

// A kernel template that is never instantiated explicitly compiles to nothing either: the
// warning says so, with a note at each template.
// RUN: %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
#include <simt/kernel.hpp>

template <typename T>
[[kernel]] void fill(simt::DisjointSlice<T> out, T value) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = value;
}

// CHECK: warning: no kernel to compile in '{{.*}}no_kernel_template.cpp': simtc compiles a kernel template only where it is explicitly instantiated
// CHECK-NEXT: {{.*}}no_kernel_template.cpp:8:17: note: kernel template 'fill' is never instantiated: add 'template void fill<...>(...);'

// An unknown attribute without a namespace that is spelled close to [[kernel]] (or to one of
// simt's attributes) is an error suggesting it: a misspelt [[kernel]] would silently make the
// function no kernel. Other unknown attributes stay Clang's warning.
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
#include <simt/kernel.hpp>

[[kernal]] void a(simt::DisjointSlice<int> out) {}
[[kernels]] void b(simt::DisjointSlice<int> out) {}
[[Kernel]] void c(simt::DisjointSlice<int> out) {}
[[kernel]] void d(simt::DisjointSlice<int> out) {
  [[unsafe]] {
  }
}
[[kernel, max_thread(128)]] void e(simt::DisjointSlice<int> out) {}
[[kernel, noreturnn]] void f(simt::DisjointSlice<int> out) {}
[[kernel, vendor::kernal]] void g(simt::DisjointSlice<int> out) {}
[[kernel, block(64)]] void h(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}launch_contract_kernel_spelling.cpp:8:3: error: unknown attribute 'kernal'; did you mean 'kernel'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:9:3: error: unknown attribute 'kernels'; did you mean 'kernel'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:10:3: error: unknown attribute 'Kernel'; did you mean 'kernel'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:12:5: error: unknown attribute 'unsafe'; did you mean 'simt::unsafe'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:15:11: error: unknown attribute 'max_thread'; did you mean 'simt::max_threads'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:16:11: warning: unknown attribute 'noreturnn' ignored; did you mean 'noreturn'? [-Wunknown-attributes]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:17:11: warning: unknown attribute 'vendor::kernal' ignored; did you mean 'vendor::kernel'? [-Wunknown-attributes]
// CHECK-NEXT: {{.*}}launch_contract_kernel_spelling.cpp:18:11: error: unknown attribute 'block'; did you mean 'simt::block'? [simt-launch-contract]

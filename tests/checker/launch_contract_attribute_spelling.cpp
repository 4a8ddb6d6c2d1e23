// An attribute in namespace simt that simtc does not define is an error, not Clang's "unknown
// attribute ignored": a misspelt contract would silently disappear, and with it the checks on
// the host. Clang's own warning for it is not printed as well.
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %simtc check %s 2>&1 | FileCheck %s --check-prefix=FIXIT
#include <simt/kernel.hpp>

[[kernel, simt::requries("x.size() >= n")]] void a(uint32_t n, simt::Slice<const float> x) {}
[[kernel, simt::blocks(256)]] void b(simt::DisjointSlice<int> out) {}
[[simt::kernal]] void c(simt::DisjointSlice<int> out) {}
[[kernel]] void d(simt::DisjointSlice<int> out) {
  [[simt::unsafee]] {
  }
}
[[kernel, simt::Max_Threads(128)]] void e(simt::DisjointSlice<int> out) {}
[[kernel, simt::launch_bounds(256)]] void f(simt::DisjointSlice<int> out) {}
[[using simt: kernel, blocks(64), requires("out.size() > 0")]] void g(simt::DisjointSlice<int> out) {}
[[kernel, smit::block(64)]] void h(simt::DisjointSlice<int> out) {}
#define BLOCK(n) [[kernel, simt::blok(n)]]
BLOCK(32) void i(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}launch_contract_attribute_spelling.cpp:9:11: error: unknown attribute 'simt::requries'; did you mean 'simt::requires'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:10:11: error: unknown attribute 'simt::blocks'; did you mean 'simt::block'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:11:3: error: unknown attribute 'simt::kernal'; did you mean 'simt::kernel'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:13:5: error: unknown attribute 'simt::unsafee'; did you mean 'simt::unsafe'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:16:11: error: unknown attribute 'simt::Max_Threads'; did you mean 'simt::max_threads'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:17:11: error: unknown attribute 'simt::launch_bounds' [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:17:11: note: the attributes in namespace simt are kernel, block, max_threads, min_blocks_per_sm, dynamic_shared, min_arch, cluster, requires, unchecked_indexing and unsafe
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:18:23: error: unknown attribute 'simt::blocks'; did you mean 'simt::block'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:19:11: error: unknown attribute 'smit::block'; did you mean 'simt::block'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:21:1: error: unknown attribute 'simt::blok'; did you mean 'simt::block'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_spelling.cpp:20:28: note: expanded from macro 'BLOCK'

// The suggestion is also a fix-it:
// FIXIT: {{.*}}launch_contract_attribute_spelling.cpp:9:11: error: unknown attribute 'simt::requries'; did you mean 'simt::requires'? [simt-launch-contract]
// FIXIT-NEXT:     9 | {{\[\[}}kernel, simt::requries("x.size() >= n")]] void a(uint32_t n, simt::Slice<const float> x) {}
// FIXIT-NEXT:       |           ^~~~~~~~~~~~~~
// FIXIT-NEXT:       |           simt::requires
// FIXIT: {{.*}}launch_contract_attribute_spelling.cpp:18:23: error: unknown attribute 'simt::blocks'; did you mean 'simt::block'? [simt-launch-contract]
// FIXIT-NEXT:    18 | {{\[\[}}using simt: kernel, blocks(64), requires("out.size() > 0")]] void g(simt::DisjointSlice<int> out) {}
// FIXIT-NEXT:       |                       ^~~~~~
// FIXIT-NEXT:       |                       block

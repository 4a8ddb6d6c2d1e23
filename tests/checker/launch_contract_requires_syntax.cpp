// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::requires("y.size()")]] void none(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("4 <= y.size() < 8")]] void two(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.size() / 2 >= 4")]] void divide(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("(y.size() + 1 >= 4")]] void unclosed(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.size() >= 18446744073709551616")]] void huge(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("")]] void empty(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires(4)]] void not_a_string(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.size() % n == 0")]] void rem_by_name(uint32_t n, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.size() % 0 == 0")]] void rem_by_zero(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("n.address() % 16 == 0")]] void scalar_address(uint32_t n, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.data() % 16 == 0")]] void data(simt::DisjointSlice<float> y) {}

// CHECK: {{.*}}launch_contract_requires_syntax.cpp:4:27: error: in requirement 'y.size()': a requirement compares two values: add one of < <= > >= == != [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:5:41: error: in requirement '4 <= y.size() < 8': a requirement has exactly one comparison; write each relation as its own requirement [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:6:36: error: in requirement 'y.size() / 2 >= 4': '/' is not allowed in requirements (only + - *, and % by a literal) [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:7:27: error: in requirement '(y.size() + 1 >= 4': this '(' is never closed [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:8:39: error: in requirement 'y.size() >= 18446744073709551616': the literal 18446744073709551616 does not fit in 64 bits [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:9:27: error: in requirement '': the requirement is empty [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:10:26: error: each argument of 'simt::requires' is a string literal such as "x.size() >= n" [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:11:38: error: in requirement 'y.size() % n == 0': the right side of '%' must be a literal above zero [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:12:38: error: in requirement 'y.size() % 0 == 0': the right side of '%' must be a literal above zero [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:13:27: error: in requirement 'n.address() % 16 == 0': 'n' is a scalar; only slices have size() and address() [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_syntax.cpp:14:29: error: in requirement 'y.data() % 16 == 0': requirements can use a slice's size() and address() (and a RuntimeRows slice's row_width()), not 'data()' [simt-launch-contract]

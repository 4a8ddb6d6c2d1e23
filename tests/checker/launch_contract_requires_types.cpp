// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
struct Params { uint32_t n; };

[[kernel, simt::requires("x.size() >= n")]] void signed_n(int n, simt::Slice<const float> x, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("x.size() >= a")]] void float_a(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("x >= 4")]] void slice_value(simt::Slice<const float> x, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("n.size() >= 4")]] void scalar_size(uint32_t n, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.row_width() >= 4")]] void no_width(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("y.length() >= 4")]] void length(simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("p >= 4")]] void a_struct(Params p, simt::DisjointSlice<float> y) {}

// CHECK: {{.*}}launch_contract_requires_types.cpp:5:39: error: in requirement 'x.size() >= n': 'n' has type 'int'; requirements use unsigned integer parameters and slice sizes [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:6:39: error: in requirement 'x.size() >= a': 'a' has type 'float'; requirements use unsigned integer parameters and slice sizes [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:7:27: error: in requirement 'x >= 4': 'x' is a slice; write 'x.size()' for its number of elements [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:8:27: error: in requirement 'n.size() >= 4': 'n' is a scalar; only slices have size() and address() [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:9:27: error: in requirement 'y.row_width() >= 4': 'y' has no row width: only a DisjointSlice<T, simt::space::RuntimeRows> has one [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:10:29: error: in requirement 'y.length() >= 4': requirements can use a slice's size() and address() (and a RuntimeRows slice's row_width()), not 'length()' [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_types.cpp:11:27: error: in requirement 'p >= 4': 'p' has type 'Params'; requirements use unsigned integer parameters and slice sizes [simt-launch-contract]

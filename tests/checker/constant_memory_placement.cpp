// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A simt::Constant lives at namespace scope, on its own: as a local, a static local, a
// parameter, a static data member, an array element or a member of a struct it is an error
// naming what it was declared as.
#include <simt/kernel.hpp>

struct Holder {
  simt::Constant<float, 4> inside;
  float scale;
};
struct Params {
  static simt::Constant<int, 2> shared_widths;
};
simt::Constant<float, 4> banks[2];
Holder holder;

float by_value(simt::Constant<float, 4> c) { return c[0]; }

[[kernel]] void k(simt::DisjointSlice<float> out) {
  simt::Constant<float, 4> local;
  static simt::Constant<float, 4> kept;
  Holder wrapped;
  float sum = local[0] + kept[1] + banks[1][0] + holder.inside[0] + Params::shared_widths[0] + wrapped.scale +
              by_value({});
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = sum;
}

// CHECK: {{.*}}constant_memory_placement.cpp:21:35: error: static local variables are not supported in kernel code [simt-language-subset]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:20:28: error: simt::Constant 'local' is declared as a local variable: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:21:35: error: simt::Constant 'kept' is declared as a static local variable: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:22:10: error: 'wrapped' holds a simt::Constant inside a struct: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:23:36: error: 'banks' holds a simt::Constant inside an array: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:14:26: note: 'banks' is declared here
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:23:50: error: 'holder' holds a simt::Constant inside a struct: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:15:8: note: 'holder' is declared here
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:23:77: error: simt::Constant 'Params::shared_widths' is declared as a static data member: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:12:33: note: 'shared_widths' is declared here
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:17:41: error: simt::Constant 'c' is declared as a parameter: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:47:36: error: simt::Constant 'Params::shared_widths' is declared as a static data member: constant memory is declared on its own at namespace scope, where the host fills it [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:12:33: note: 'shared_widths' is declared here
// CHECK-NEXT: {{.*}}constant_memory_placement.cpp:22:10: error: 'wrapped' is not initialised: member 'scale' of 'Holder' has no initialiser; write 'wrapped{}' to start from zeros [simt-uninitialized]

// The static data member named through an object is the same misplaced constant.
[[kernel]] void through_an_object(simt::DisjointSlice<float> out) {
  Params params;
  const float width = float(params.shared_widths[1]);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = width;
}

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

int launches = 0;
namespace stats { float total = 0.0f; }
struct Config { static int mode; };
int Config::mode = 1;
void reset(int& v) { v = 0; }

[[kernel]] void k(simt::DisjointSlice<float> out) {
  ++launches;
  stats::total += 1.0f;
  Config::mode = 2;
  reset(launches);
}

// CHECK: {{.*}}global_variable_write.cpp:11:3: error: kernel code writes namespace-scope variable 'launches': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_write.cpp:4:5: note: 'launches' is declared here
// CHECK-NEXT: {{.*}}global_variable_write.cpp:12:16: error: kernel code writes namespace-scope variable 'stats::total': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_write.cpp:5:25: note: 'total' is declared here
// CHECK-NEXT: {{.*}}global_variable_write.cpp:13:16: error: kernel code writes static data member 'Config::mode': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_write.cpp:7:13: note: 'mode' is declared here
// CHECK-NEXT: {{.*}}global_variable_write.cpp:14:3: error: kernel code takes a non-const reference to namespace-scope variable 'launches': all threads would write its one copy at once; pass values in as parameters and write results through a DisjointSlice [simt-global-variable]
// CHECK-NEXT: {{.*}}global_variable_write.cpp:4:5: note: 'launches' is declared here

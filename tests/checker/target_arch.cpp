// RUN: not %simtc check -fno-caret-diagnostics --arch sm_75 %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: %simtc check --arch sm_80 %s 2>&1 | count 0
// An operation the target lacks is reported at the user's call that reaches it, through the
// user's own helpers and lambdas, in safe and unsafe code; once per call and instruction.
#include <simt/kernel.hpp>

unsigned warp_total(unsigned v) { return simt::warp::redux_add(simt::warp::full_mask, v); }

[[kernel]] void old_gpu(simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned a = warp_total(unsigned(i.get()));
  auto twice = [](unsigned v) { return simt::warp::redux_max(simt::warp::full_mask, v) * 2; };
  unsigned b = twice(a);
  [[simt::unsafe]] {
    simt::async::wait_all();
  }
  if (auto o = out.get_mut(i)) *o = a + b;
}

// CHECK: {{.*}}target_arch.cpp:15:5: error: cp.async needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-NEXT: {{.*}}target_arch.cpp:7:42: error: redux.sync needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-NEXT: {{.*}}target_arch.cpp:12:40: error: redux.sync needs --arch sm_80 or newer (the target is sm_75) [simt-target]

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Dynamic shared memory viewed with two element types: thread 1's float slot is half of thread
// 0's double slot, so no safe get_mut goes through either view (here: a second view made in a
// helper). One element type, or writes through at_mut in an unsafe block, are accepted.
#include <simt/kernel.hpp>

float as_float_slot() {
  auto floats = simt::dynamic_shared<float>();
  if (auto slot = floats.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  return floats[0];
}

[[kernel, simt::block(64), simt::dynamic_shared(512, 512)]]
void two_views(simt::DisjointSlice<float> out) {
  auto doubles = simt::dynamic_shared<double>();
  if (auto slot = doubles.get_mut(simt::thread::index_in_block())) *slot = 2.0;
  float f = as_float_slot();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = f;
}

[[kernel, simt::block(64), simt::dynamic_shared(512, 512)]]
void one_view(simt::DisjointSlice<float> out) {
  auto a = simt::dynamic_shared<float>();
  auto b = simt::dynamic_shared<float>();
  if (auto slot = a.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = b[0];
}

[[kernel, simt::block(64), simt::dynamic_shared(512, 512)]]
void unsafe_views(simt::DisjointSlice<float> out) {
  auto doubles = simt::dynamic_shared<double>();
  auto floats = simt::dynamic_shared<float>();
  [[simt::unsafe]] {
    // Thread t writes double t only; the float view is read after a barrier.
    doubles.at_mut(simt::thread::index_in_block().get()) = 2.0;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = floats[0];
}

// CHECK: {{.*}}index_space_shared_views.cpp:16:27: error: kernel 'two_views' views its dynamic shared memory as both 'double' and 'float': a thread's slot in one view overlaps other threads' slots in the other, so no slot of it is the thread's own [simt-index-space]
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:15:18: note: viewed as 'double' here
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:8:17: note: viewed as 'float' here
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:16:27: note: use one element type for the launch's dynamic shared memory, or write with at_mut(), whose bytes simt-shared-race checks
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:9:26: error: kernel 'two_views' views its dynamic shared memory as both 'double' and 'float': a thread's slot in one view overlaps other threads' slots in the other, so no slot of it is the thread's own [simt-index-space]
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:15:18: note: viewed as 'double' here
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:8:17: note: viewed as 'float' here
// CHECK-NEXT: {{.*}}index_space_shared_views.cpp:9:26: note: use one element type for the launch's dynamic shared memory, or write with at_mut(), whose bytes simt-shared-race checks

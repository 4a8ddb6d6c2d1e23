// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Guard {
  int id;
  ~Guard() {}  // user-provided: not trivial, even when empty
};
struct Plain {
  int value;
};
Guard make_guard(int id) { return Guard{id}; }

[[kernel]] void scoped(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  Guard g{1};
  Guard several[2] = {{2}, {3}};
  make_guard(4);
  auto keeps = [g] { return g.id; };
  Plain fine{3};
  if (auto o = out.get_mut(i)) *o = fine.value + keeps();
}

// CHECK: {{.*}}language_subset_destructor.cpp:15:9: error: types with a non-trivial destructor are not supported in kernel code: 'g' is 'Guard' (its destructor would not run) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_destructor.cpp:16:9: error: types with a non-trivial destructor are not supported in kernel code: 'several' is 'Guard' (its destructor would not run) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_destructor.cpp:17:3: error: types with a non-trivial destructor are not supported in kernel code: a temporary of 'Guard' (its destructor would not run) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_destructor.cpp:18:8: error: types with a non-trivial destructor are not supported in kernel code: 'keeps' is a lambda capturing one (its destructor would not run) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_destructor.cpp:11:40: error: types with a non-trivial destructor are not supported in kernel code: a temporary of 'Guard' (its destructor would not run) [simt-language-subset]

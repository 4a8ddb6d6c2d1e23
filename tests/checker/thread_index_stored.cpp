// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Holder {
  simt::ThreadIndex<> index;
};
struct Slot {
  simt::ElementRef<int> ref;
};
template <class T>
struct Box {
  T value;
};

[[kernel]] void k(simt::DisjointSlice<int> out) {
  Holder h{simt::thread::index_1d()};
  simt::ElementRef<int> refs[1] = {out.get_mut(h.index)};
  Box<simt::ThreadIndex<>> box{simt::thread::index_1d()};
}

// CHECK: {{.*}}thread_index_stored.cpp:17:25: error: array 'refs' holds simt::ElementRef values: an element handle belongs to the thread that received it and cannot be stored [simt-thread-index]
// CHECK-NEXT: {{.*}}thread_index_stored.cpp:18:28: error: variable 'box' holds a simt::ThreadIndex inside 'Box': an index belongs to the thread that received it and cannot be stored [simt-thread-index]
// CHECK-NEXT: {{.*}}thread_index_stored.cpp:5:23: error: member 'index' of 'Holder' holds a simt::ThreadIndex: an index belongs to the thread that received it and cannot be stored [simt-thread-index]
// CHECK-NEXT: {{.*}}thread_index_stored.cpp:8:25: error: member 'ref' of 'Slot' holds a simt::ElementRef: an element handle belongs to the thread that received it and cannot be stored [simt-thread-index]

// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Stats {
  float value;
  mutable int hits;
  void touch() const { ++hits; }
};

[[kernel]] void k(simt::Slice<const Stats> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  in[i.get()].hits = 1;
  in[i.get()].touch();
  if (auto o = out.get_mut(i)) *o = in[i.get()].value;
}

// CHECK: {{.*}}global_write_mutable.cpp:12:20: error: assigns an element of read-only simt::Slice 'in' (through mutable member 'hits'): safe code writes global memory only through DisjointSlice::get_mut() [simt-global-write]
// CHECK-NEXT: {{.*}}global_write_mutable.cpp:7:24: error: modifies mutable member 'hits' of an object this thread may not own: through a read-only simt::Slice element it would write global memory [simt-global-write]
// CHECK-NEXT: {{.*}}global_write_mutable.cpp:6:15: note: 'hits' is declared mutable here

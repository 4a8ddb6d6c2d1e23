// irgen names what it cannot lower, at its location, and keeps going.
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Pair {
  int a, b;
};

[[kernel]] void lowering_limits(simt::Slice<const int> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  int x = in[i.get()];
  unsigned y = unsigned(x);
  switch (x) {
    case 0 ... 1000: y += 1; break;
    default: break;
  }
  Pair p{x, 2};
  simt::printf("%d\n", p);
  if (auto o = out.get_mut(i)) *o = y;
}

// CHECK: {{.*}}unsupported_construct.cpp:14:5: error: case ranges wider than 256 values are not supported in kernel code [simt-language-subset]
// CHECK: {{.*}}unsupported_construct.cpp:18:24: error: simt::printf cannot print a value of type 'Pair'; pass numbers, characters or strings [simt-language-subset]

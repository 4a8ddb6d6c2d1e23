// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

long double widen(double x) { return x; }

[[kernel]] void wide(simt::Slice<const double> in, simt::DisjointSlice<double> out) {
  auto i = simt::thread::index_1d();
  long double acc = 0;
  double scaled = in[i.get()] * 2.5L;
  double cast = (long double)scaled;
  __int128 big = 1;
  unsigned __int128 ubig = 2;
  _BitInt(24) odd = 3;
  if (auto o = out.get_mut(i)) *o = double(acc) + cast + double(widen(scaled)) + double(big + ubig + odd);
}

// CHECK: {{.*}}language_subset_wide_types.cpp:8:15: error: 'long double' is not supported in kernel code: 'acc' (64 bits on the GPU, wider on the host: use double) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:9:33: error: 'long double' is not supported in kernel code: a literal (64 bits on the GPU, wider on the host: use double) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:10:17: error: 'long double' is not supported in kernel code: a conversion (64 bits on the GPU, wider on the host: use double) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:11:12: error: 128-bit integers are not supported in kernel code: 'big' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:12:21: error: 128-bit integers are not supported in kernel code: 'ubig' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:13:15: error: _BitInt types are not supported in kernel code: 'odd' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_wide_types.cpp:4:13: error: 'long double' is not supported in kernel code: the result of 'widen' (64 bits on the GPU, wider on the host: use double) [simt-language-subset]

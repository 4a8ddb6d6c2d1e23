// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Flags {
  unsigned ready : 1;
  unsigned count : 7;
};
struct Holder {
  Flags flags;
};

[[kernel]] void packed(simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  Flags f{};
  Holder h{};
  f.count = 5;
  if (auto o = out.get_mut(i)) *o = f.count + h.flags.ready;
}

// CHECK: {{.*}}language_subset_bit_field.cpp:14:9: error: bit-fields are not supported in kernel code: 'f' holds bit-field 'ready' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_bit_field.cpp:15:10: error: bit-fields are not supported in kernel code: 'h' holds bit-field 'ready' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_bit_field.cpp:16:5: error: bit-fields are not supported in kernel code: 'count' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_bit_field.cpp:17:39: error: bit-fields are not supported in kernel code: 'count' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_bit_field.cpp:17:55: error: bit-fields are not supported in kernel code: 'ready' [simt-language-subset]

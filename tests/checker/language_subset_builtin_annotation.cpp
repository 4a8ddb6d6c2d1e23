// Only simt's headers declare simt builtins: irgen lowers a call to a declaration annotated
// "simt.builtin:<name>" as the intrinsic <name>, trusting its signature. User code with the
// annotation, whatever the declaration's signature and whether the name exists, gets an error
// at the annotation, and nothing is lowered.
// RUN: not %simtc check %s -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
#include <simt/kernel.hpp>

__attribute__((annotate("simt.builtin:tid.x"))) float my_tid(float x);
__attribute__((annotate("simt.builtin:no.such.intrinsic"))) int mystery();
SIMT_BUILTIN("tid.x") unsigned via_macro();

struct Holder {
  __attribute__((annotate("simt.builtin:lane.id"))) static int lane();
};

__attribute__((annotate("not.a.builtin"))) int other_annotations_are_fine() { return 1; }

[[kernel]] void forged(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i))
    *o = my_tid(1.0f) + float(mystery()) + float(via_macro()) + float(Holder::lane()) +
         float(other_annotations_are_fine());
}

// CHECK: {{.*}}language_subset_builtin_annotation.cpp:9:16: error: user code may not declare a simt builtin: the annotation 'simt.builtin:tid.x' is reserved for simt's headers [simt-language-subset]
// CHECK: {{.*}}language_subset_builtin_annotation.cpp:10:16: error: user code may not declare a simt builtin: the annotation 'simt.builtin:no.such.intrinsic' is reserved for simt's headers [simt-language-subset]
// CHECK: {{.*}}language_subset_builtin_annotation.cpp:11:1: error: user code may not declare a simt builtin: the annotation 'simt.builtin:tid.x' is reserved for simt's headers [simt-language-subset]
// CHECK: {{.*}}language_subset_builtin_annotation.cpp:14:18: error: user code may not declare a simt builtin: the annotation 'simt.builtin:lane.id' is reserved for simt's headers [simt-language-subset]

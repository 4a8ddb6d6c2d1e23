// [[simt::unchecked_indexing]] leaves out the bounds check of Slice reads in the function it
// marks (lambdas inside included) and nowhere else; DisjointSlice::get_mut keeps its range check.
// RUN: %simtc inspect %s --emit=ir | FileCheck %s --check-prefix=IR
// RUN: %simtc build %s -o - | FileCheck %s --check-prefix=PTX
#include <simt/kernel.hpp>

[[kernel]] void checked(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = x[i.get()];
}

[[kernel, simt::unchecked_indexing]] void unchecked(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  auto twice = [&](size_t j) { return 2.0f * x[j]; };
  if (auto o = out.get_mut(i)) *o = x[i.get()] + twice(i.get());
}

// IR-LABEL: kernel @checked(
// IR:         call void @_ZN4simt13DisjointSliceIfNS_5space6LinearEE7get_mut
// IR:         call ptr @_ZNK4simt5SliceIKfEixEm(%x,
// IR-LABEL: kernel @unchecked(
// IR-NOT:     SliceIKfEixEm
// IR:         call void @_ZN4simt13DisjointSliceIfNS_5space6LinearEE7get_mut
// IR-NOT:     SliceIKfEixEm
// IR:         call ptr @_ZNK4simt5SliceIKfE13get_uncheckedEm(%x,
// IR-NOT:     SliceIKfEixEm
// IR:       }
// The lambda of `unchecked` reads unchecked too.
// IR-LABEL: func @_ZZ9uncheckedN4simt5SliceIKfEENS_13DisjointSliceIfNS_5space6LinearEEEENK3$_0clEm(
// IR-NOT:     SliceIKfEixEm
// IR:         call ptr @_ZNK4simt5SliceIKfE13get_uncheckedEm(
// IR:       }

// PTX-LABEL: .entry checked(
// PTX:         trap;
// PTX-LABEL: .entry unchecked(
// PTX-NOT:     trap;
// PTX:       }

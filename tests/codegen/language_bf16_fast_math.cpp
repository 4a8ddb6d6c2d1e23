// bfloat16 comparisons under --use-fast-math: f32 subnormals are flushed, and NVPTX would then
// emit setp.<op>.ftz.bf16, which ptxas rejects (.ftz has no bf16 form). simtc compares the
// exactly widened values as f32 instead (setp.<op>.ftz.f32), scalars and vectors alike; without
// fast math the bf16 compare stays as it is.
// RUN: %simtc build %s --arch sm_90 --use-fast-math -o %t.fast.ptx
// RUN: FileCheck %s --check-prefix=FAST --input-file %t.fast.ptx
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s --check-prefix=DEFAULT
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.fast.ptx -o %t.fast.cubin %}
#include <simt/kernel.hpp>

using simt::bfloat16;

[[kernel]] void compare(simt::Slice<const bfloat16> a, simt::Slice<const bfloat16> b, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  const bfloat16 x = a[i.get()], y = b[i.get()];
  if (auto o = out.get_mut(i)) *o = (x < y ? 1 : 0) + (x == y ? 2 : 0) + (x >= y ? 4 : 0);
}

// FAST-LABEL: .entry compare(
// FAST-NOT:     .ftz.bf16
// FAST:         setp.{{[a-z]+}}.ftz.f32
// FAST-NOT:     .ftz.bf16
// DEFAULT-LABEL: .entry compare(
// DEFAULT:       setp.{{[a-z]+}}.bf16

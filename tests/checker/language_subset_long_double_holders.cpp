// long double reached other than through a local of that type: a shared array of it, a struct
// holding one, and a namespace-scope constant read by kernel code. Each is an error naming
// 'long double' at the variable (the constant: where it is read), and nothing is lowered.
// RUN: not %simtc check %s -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
#include <simt/kernel.hpp>

static constexpr long double kScale = 2.0L;

struct Wide {
  long double v;
};

[[kernel]] void shared_wide(simt::Slice<const double> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<long double, 32> tile;
  auto i = simt::thread::index_1d();
  tile.at_mut(i.get() % 32) = in[i.get()];
  simt::sync_threads();
  Wide w{};
  if (auto o = out.get_mut(i)) *o = float(tile[0]) + float(kScale) + float(w.v);
}

// CHECK: {{.*}}language_subset_long_double_holders.cpp:15:38: error: 'long double' is not supported in kernel code: 'tile' holds one (64 bits on the GPU, wider on the host: use double) [simt-language-subset]
// CHECK: {{.*}}language_subset_long_double_holders.cpp:19:8: error: 'long double' is not supported in kernel code: 'w' holds one (64 bits on the GPU, wider on the host: use double) [simt-language-subset]
// CHECK: {{.*}}language_subset_long_double_holders.cpp:20:60: error: 'long double' is not supported in kernel code: 'kScale' (64 bits on the GPU, wider on the host: use double) [simt-language-subset]

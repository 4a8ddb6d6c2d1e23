// simt::Constant: constant memory the host fills. Each one is a `.visible .const` array under
// the variable's mangled name (as nvcc names a __constant__), read with ld.const; an index the
// loop bound proves in range keeps no check, a run-time index keeps its bounds check (trap).
// Its loads are not folded to the zeros the PTX declares. The run-time index `k` keeps its check
// (against 15); the loop's t < 16 needs none.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc inspect %s --emit=ir | FileCheck %s --check-prefix=IR
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

struct Params {
  float scale;
  int shift;
};

simt::Constant<float, 16> taps;
namespace filters {
simt::Constant<Params> params;
}

[[kernel]] void filter(int k, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float sum = 0.0f;
    for (unsigned t = 0; t < 16; ++t) sum += taps[t] * in[i.get()];
    Params p = filters::params.value();
    *o = sum * p.scale + float(p.shift) + taps[size_t(k)];
  }
}

// IR:      global @taps : const, size 64, align 4, visible
// IR-NEXT: global @_ZN7filters6paramsE : const, size 8, align 4, visible

// CHECK:      .visible .const .align 4 .b8 taps[64];
// CHECK-NEXT: .visible .const .align 4 .b8 _ZN7filters6paramsE[8];
// CHECK:      .entry filter(
// CHECK:      setp.gt.u32 {{.*}}, 15;
// CHECK:      ld.const.b32 {{.*}}[taps];
// CHECK:      ld.const.b32 {{.*}}[taps+60];
// CHECK:      ld.const.b32 {{.*}}[_ZN7filters6paramsE];
// CHECK-NEXT: ld.const.b32 {{.*}}[_ZN7filters6paramsE+4];
// CHECK:      ld.const.b32 {{.*}}, [%r{{[0-9]+}}];
// CHECK:      trap;

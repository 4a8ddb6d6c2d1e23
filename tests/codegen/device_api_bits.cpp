// simt::popc, clz, ctz, ffs and brev (simt/device/bits.hpp) on 32- and 64-bit values: PTX's
// popc, clz and brev, ffs and ctz through the lowest set bit (brev then clz), every one defined
// at 0 (no poison: LLVM's ctlz and cttz with is_zero_poison false).
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void bits32(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const uint32_t x = in[i.get()];
    *o = simt::popc(x) + simt::clz(x) * 3 + simt::ctz(x) * 5 + simt::ffs(x) * 7 + simt::brev(x);
  }
}
// CHECK-LABEL: .entry bits32(
// CHECK-DAG:   popc.b32
// CHECK-DAG:   clz.b32
// CHECK-DAG:   brev.b32
// CHECK:       ret;

[[kernel]] void bits64(simt::Slice<const uint64_t> in, simt::DisjointSlice<uint64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const uint64_t x = in[i.get()];
    *o = simt::popc(x) + simt::clz(x) * 3 + simt::ctz(x) * 5 + simt::ffs(x) * 7 + simt::brev(x);
  }
}
// CHECK-LABEL: .entry bits64(
// CHECK-DAG:   popc.b64
// CHECK-DAG:   clz.b64
// CHECK-DAG:   brev.b64
// CHECK:       ret;

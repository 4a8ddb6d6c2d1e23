// A kernel whose shared variables take more than the 48 KiB PTX allows statically: codegen
// places them in the launch's dynamic shared memory, at offsets from one 1024-byte aligned
// extern symbol (the largest alignment they ask for), and the generated header loads the kernel
// with their bytes. A kernel that stays under 48 KiB keeps ordinary .shared variables, even in
// the same module.
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --header %t.hpp
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck --check-prefix=HEADER %s < %t.hpp
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t2.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void stages(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 128, 256, 1024> a;  // 128 KiB
  simt::SharedArray<float, 256> sums;         // 1 KiB, after it
  const uint32_t t = simt::thread::index_in_block().get();
  for (uint32_t r = 0; r < 128; ++r) a.at_mut(r, t) = float(r + t);
  sums.at_mut(t) = float(t);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = a(t % 128, 255 - t) + sums[255 - t];
}

[[kernel, simt::block(256)]] void small(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> buf;
  buf.at_mut(simt::thread::index_in_block().get()) = 1.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = buf[0];
}

// CHECK:     .extern .shared .align 1024 .b8 simt_shared_in_dynamic[];
// CHECK-NOT: shared_$_a
// CHECK-NOT: shared_$_sums
// CHECK:     .entry stages(
// CHECK:     mov.b32 {{%r[0-9]+}}, simt_shared_in_dynamic;
// CHECK:     st.shared.b32 [{{%r[0-9]+}}+131072], {{%r[0-9]+}};
// CHECK:     .entry small(
// CHECK:     .shared .align 4 .b8 shared_$_buf[1024];

// HEADER:      stages_(module_.kernel("stages", 132096 /* bytes of shared variables in dynamic shared memory */)),
// HEADER-NEXT: small_(module_.kernel("small")) {}

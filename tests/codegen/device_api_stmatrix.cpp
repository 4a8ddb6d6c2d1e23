// stmatrix (sm_90), ldmatrix's inverse: x4, x2.trans and x1 from the lanes' registers into
// 16-byte rows of a shared tile, one instruction each, the fragment's registers in order. On
// sm_80 each call is an error at its line.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: not %simtc check -fno-caret-diagnostics --arch sm_80 %s 2>&1 | FileCheck --check-prefix=SM80 %s --implicit-check-not=error:
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void store_tile(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint16_t> out) {
  simt::SharedArray<uint16_t, 16 * 16, 16> tile;
  const uint32_t lane = simt::warp::lane_id();
  const uint32_t r0 = in[4 * lane], r1 = in[4 * lane + 1], r2 = in[4 * lane + 2], r3 = in[4 * lane + 3];
  [[simt::unsafe]] {  // every lane passes a 16-byte aligned row inside the tile
    uint16_t* row = tile.data() + (lane % 16) * 16 + (lane / 16) * 8;
    simt::mma::stmatrix_x4(row, r0, r1, r2, r3);
    simt::mma::stmatrix_x2_trans(row, r0, r1);
    simt::mma::stmatrix_x1(row, r0);
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[simt::thread::index_in_block().get() % 256];
}

// CHECK:      ld.global.nc.b32 [[R0:%r[0-9]+]],
// CHECK:      ld.global.nc.b32 [[R1:%r[0-9]+]],
// CHECK:      ld.global.nc.b32 [[R2:%r[0-9]+]],
// CHECK:      ld.global.nc.b32 [[R3:%r[0-9]+]],
// CHECK:      stmatrix.sync.aligned.m8n8.x4.shared.b16 [[[ROW:%r[0-9]+]]], {[[R0]], [[R1]], [[R2]], [[R3]]};
// CHECK-NEXT: stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [[[ROW]]], {[[R0]], [[R1]]};
// CHECK-NEXT: stmatrix.sync.aligned.m8n8.x1.shared.b16 [[[ROW]]], {[[R0]]};
// SM80: device_api_stmatrix.cpp:16:{{[0-9]+}}: error: stmatrix needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80: device_api_stmatrix.cpp:17:{{[0-9]+}}: error: stmatrix needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80: device_api_stmatrix.cpp:18:{{[0-9]+}}: error: stmatrix needs --arch sm_90 or newer (the target is sm_80) [simt-target]

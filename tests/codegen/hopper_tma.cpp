// TMA (sm_90): tiled loads of 1- to 5-D boxes into shared memory completing on an mbarrier, a
// 2-D store from shared memory in a bulk group, the async-proxy fence, and the tensor map as a
// 64-byte aligned 128-byte kernel parameter that the copies read in place (cvta.param).
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// RUN: %simtc inspect %s --arch sm_90a --emit=ir | FileCheck --check-prefix=IR %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void tiles(simt::TensorMap<float, 32, 8> m2, simt::TensorMap<float, 64> m1,
                      simt::TensorMap<simt::half, 8, 4, 2> m3, simt::TensorMap<uint8_t, 16, 2, 2, 2> m4,
                      simt::TensorMap<int32_t, 4, 2, 2, 2, 2> m5, int32_t x, int32_t y) {
  simt::SharedTile<float, 8, 32, 128> tile;
  simt::SharedArray<float, 64, 128> row;
  simt::SharedArray<simt::half, 64, 128> cube;
  simt::SharedArray<uint8_t, 128, 128> bytes;
  simt::SharedArray<int32_t, 64, 128> ints;
  simt::Mbarrier bar;
  bar.init(1);
  simt::MbarrierPhase phase;
  if (simt::thread::index_in_block().get() == 0) {
    [[simt::unsafe]] {
      bar.arrive_expect_tx(decltype(m2)::box_bytes + decltype(m1)::box_bytes + decltype(m3)::box_bytes +
                           decltype(m4)::box_bytes + decltype(m5)::box_bytes);
      simt::tma::load(tile, bar, m2, x, y);
      simt::tma::load(row, bar, m1, x);
      simt::tma::load(cube, bar, m3, x, y, 1);
      simt::tma::load(bytes, bar, m4, x, y, 1, 2);
      simt::tma::load(ints, bar, m5, x, y, 1, 2, 3);
    }
  }
  bar.wait(phase);
  simt::fence_proxy_async_shared();
  simt::sync_threads();
  if (simt::thread::index_in_block().get() == 0) {
    [[simt::unsafe]] {
      simt::tma::store(m2, tile, x + 32, y);
      simt::tma::commit_group();
      simt::tma::wait_group_read<0>();
      simt::tma::wait_group<0>();
    }
  }
}

// The tensor maps are kernel parameters in the parameter space, read where they are.
// CHECK:      .visible .entry tiles(
// CHECK-NEXT: .param .align 64 .b8 tiles_param_0[128],
// CHECK-NEXT: .param .align 64 .b8 tiles_param_1[128],
// CHECK-NEXT: .param .align 64 .b8 tiles_param_2[128],
// CHECK-NEXT: .param .align 64 .b8 tiles_param_3[128],
// CHECK-NEXT: .param .align 64 .b8 tiles_param_4[128],
// CHECK-NEXT: .param .u32 tiles_param_5,
// CHECK-NEXT: .param .u32 tiles_param_6
// CHECK:      .shared .align 128 .b8 shared_$_tile[1024];
// CHECK:      mov.b64 [[P0:%rd[0-9]+]], tiles_param_0;
// CHECK:      cvta.param.u64 [[M2:%rd[0-9]+]], [[P0]];
// One thread expects the five boxes' bytes (1024 + 256 + 128 + 128 + 256) and starts the copies.
// CHECK:      mov.b32 [[BYTES:%r[0-9]+]], 1792;
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [shared_$_bar], [[BYTES]];
// CHECK:      cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [[[M2]], {[[X:%r[0-9]+]], [[Y:%r[0-9]+]]}], [shared_$_bar];
// CHECK:      cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[X]]}], [shared_$_bar];
// CHECK:      cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[X]], [[Y]], [[ONE:%r[0-9]+]]}], [shared_$_bar];
// CHECK:      cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[X]], [[Y]], [[ONE]], [[TWO:%r[0-9]+]]}], [shared_$_bar];
// CHECK:      cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[X]], [[Y]], [[ONE]], [[TWO]], %r{{[0-9]+}}}], [shared_$_bar];
// CHECK:      mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [shared_$_bar], %r{{[0-9]+}};
// The threads' view of the tile is handed to the async proxy, then one thread stores it.
// CHECK:      fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK:      add.s32 [[X32:%r[0-9]+]], [[X]], 32;
// CHECK:      cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [[[M2]], {[[X32]], [[Y]]}], [shared_$_tile];
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK-NEXT: cp.async.bulk.wait_group 0;

// IR: kernel @tiles(ptr readonly grid_constant %m2, ptr readonly grid_constant %m1, ptr readonly grid_constant %m3, ptr readonly grid_constant %m4, ptr readonly grid_constant %m5, i32 %x, i32 %y)
// IR-DAG: intrinsic void tma.load(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
// IR-DAG: intrinsic void tma.load(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
// IR-DAG: intrinsic void tma.store(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
// IR-DAG: intrinsic void fence.proxy.async.shared()
// IR-DAG: intrinsic void tma.commit_group()
// IR-DAG: intrinsic void tma.wait_group.read(0:i32)
// IR-DAG: intrinsic void tma.wait_group(0:i32)

// A staging tile of several TMA boxes: each warp writes its box of the tile (store_unchecked,
// one 4-byte access per pair of bf16) and stores it on its own (tma::store_box: the box's
// offset is box * box_bytes; a box past the tile's end traps, unless the analyses bound it).
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
#include <simt/kernel.hpp>

using Map = simt::TensorMap<simt::bfloat16, 64, 16>;  // boxes of 16 rows of 64 bf16: 2048 bytes

// Four warps, four boxes: the box index (the warp) is below 4, and the trap goes.
[[kernel, simt::block(128)]] void by_warp(Map map, int32_t x, int32_t y) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> tile;
  const uint32_t warp = simt::thread::index_x() / 32, lane = simt::warp::lane_id();
  [[simt::unsafe]] {  // each lane writes its own pair of the warp's box
    tile.store_unchecked<2>(warp * 16 + lane / 2, lane % 2 * 2,
                            simt::Vec<simt::bfloat16, 2>{{simt::bfloat16(1.0f), simt::bfloat16(2.0f)}});
    simt::fence_proxy_async_shared();
    simt::warp::sync();
    if (lane == 0) {
      simt::tma::store_box(map, tile, warp, x, y + 16 * int32_t(warp));
      simt::tma::commit_group();
      simt::tma::wait_group<0>();
    }
  }
}

// A box from the caller: checked against the tile's four.
[[kernel, simt::block(32)]] void by_parameter(Map map, uint32_t box) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> tile;
  if (simt::warp::lane_id() == 0) {
    [[simt::unsafe]] {  // one thread, after no writes: the store reads what the tile holds
      simt::tma::store_box(map, tile, box, 0, 0);
      simt::tma::commit_group();
      simt::tma::wait_group<0>();
    }
  }
}

// CHECK-LABEL: .visible .entry by_warp(
// CHECK-NOT:   trap;
// CHECK:       st.shared.b32 [%r{{[0-9]+}}], 1073758080;
// CHECK:       fence.proxy.async.shared::cta;
// CHECK:       bar.warp.sync -1;
// CHECK:       shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 11;
// CHECK:       cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
// CHECK-NEXT:  cp.async.bulk.commit_group;
// CHECK-NEXT:  cp.async.bulk.wait_group 0;
// CHECK-NOT:   trap;
// CHECK:       }

// CHECK-LABEL: .visible .entry by_parameter(
// CHECK:       setp.lt.u32 %p{{[0-9]+}}, [[BOX:%r[0-9]+]], 4;
// CHECK:       shl.b32 %r{{[0-9]+}}, [[BOX]], 11;
// CHECK:       cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK:       trap; exit;

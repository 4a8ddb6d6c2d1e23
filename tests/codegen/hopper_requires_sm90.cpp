// Hopper's operations on older targets: TMA, the mbarrier's expect_tx and waits and elect.sync
// need sm_90 (mbarrier.init and arrive sm_80), setmaxnreg needs an arch-specific target (sm_90a,
// sm_100a, sm_100f, ...), so plain sm_90 and sm_100 refuse it. Each error names the operation
// and the target it needs, at the user's call; check and build agree.
// RUN: not %simtc build %s --arch sm_80 -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM80,BOTH %s
// RUN: not %simtc check %s --arch sm_80 2>&1 | FileCheck --check-prefixes=SM80,BOTH %s
// RUN: not %simtc build %s --arch sm_90 -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM90,BOTH %s
// RUN: not %simtc build %s --arch sm_100 -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM100,BOTH %s
// RUN: %simtc build %s --arch sm_90a -o %t.90a.ptx
// RUN: %simtc build %s --arch sm_100a -o %t.100a.ptx
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::min_blocks_per_sm(1)]]
void hopper_only(simt::TensorMap<float, 32, 8> map, simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 8, 32, 128> tile;
  simt::Mbarrier bar;
  bar.init(1);
  simt::MbarrierPhase phase;
  if (simt::warp::elect_one() && simt::thread::index_in_block().get() < 32) {
    [[simt::unsafe]] {
      bar.arrive_expect_tx(decltype(map)::box_bytes);
      simt::tma::load(tile, bar, map, 0, 0);
    }
  }
  bar.wait(phase);
  simt::warpgroup::increase_registers<240>();
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = tile(0, 0);
}

// BOTH-NOT: mbarrier.init needs
// SM80-DAG: hopper_requires_sm90.cpp:17:7: error: fence.mbarrier_init needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_requires_sm90.cpp:19:7: error: elect.sync needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_requires_sm90.cpp:21:11: error: mbarrier.arrive.expect_tx needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_requires_sm90.cpp:22:7: error: cp.async.bulk.tensor needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_requires_sm90.cpp:25:7: error: mbarrier.try_wait.parity needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_requires_sm90.cpp:26:3: error: setmaxnreg needs --arch sm_90a or a later arch-specific target such as sm_100a (the target is sm_80) [simt-target]
// SM90-NOT: error: {{.*}}needs --arch sm_90 or newer
// SM90: hopper_requires_sm90.cpp:26:3: error: setmaxnreg needs --arch sm_90a or a later arch-specific target such as sm_100a (the target is sm_90) [simt-target]
// SM90-NOT: error:
// SM100-NOT: error: {{.*}}needs --arch sm_90 or newer
// SM100: hopper_requires_sm90.cpp:26:3: error: setmaxnreg needs --arch sm_90a or a later arch-specific target such as sm_100a (the target is sm_100) [simt-target]
// SM100-NOT: error:

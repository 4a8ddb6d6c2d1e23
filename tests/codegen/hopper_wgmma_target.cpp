// wgmma needs the arch-specific target sm_90a (not sm_90, nor sm_100a, whose tensor cores are
// tcgen05's); clusters and distributed shared memory need sm_90. Each error names the
// operation and the target it needs, at the user's call; check and build agree.
// RUN: not %simtc check %s --arch sm_80 2>&1 | FileCheck --check-prefixes=SM80 %s
// RUN: not %simtc build %s --arch sm_80 -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM80 %s
// RUN: not %simtc build %s --arch sm_90 -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM90 %s
// RUN: not %simtc build %s --arch sm_100a -o %t.ptx 2>&1 | FileCheck --check-prefixes=SM100A %s
// RUN: %simtc build %s --arch sm_90a -o %t.90a.ptx
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedTile<simt::half, 64, 64, 1024> tile;
  simt::SharedArray<float, 128> part;
  simt::wgmma::Accumulator<16> d;
  const auto desc = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(tile);
  [[simt::unsafe]] {
    simt::wgmma::fence(d);
    simt::wgmma::mma_async(d, desc, desc);
    simt::wgmma::commit_group();
    simt::wgmma::wait_group<0>(d);
  }
  simt::cluster::sync();
  float x = 0;
  [[simt::unsafe]] { x = simt::cluster::load(part, 0, simt::cluster::rank()); }
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = d.reg[0] + x;
}

// SM80-DAG: hopper_wgmma_target.cpp:17:5: error: wgmma.fence needs --arch sm_90a (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:18:5: error: wgmma.mma_async needs --arch sm_90a (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:19:5: error: wgmma.commit_group needs --arch sm_90a (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:20:5: error: wgmma.wait_group needs --arch sm_90a (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:22:3: error: barrier.cluster needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:24:26: error: ld/st.shared::cluster needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:24:26: error: %cluster_nctarank needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM80-DAG: hopper_wgmma_target.cpp:24:55: error: %cluster_ctarank needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// SM90-NOT: needs --arch sm_90 or newer
// SM90-DAG: hopper_wgmma_target.cpp:17:5: error: wgmma.fence needs --arch sm_90a (the target is sm_90) [simt-target]
// SM90-DAG: hopper_wgmma_target.cpp:18:5: error: wgmma.mma_async needs --arch sm_90a (the target is sm_90) [simt-target]
// SM90-DAG: hopper_wgmma_target.cpp:19:5: error: wgmma.commit_group needs --arch sm_90a (the target is sm_90) [simt-target]
// SM90-DAG: hopper_wgmma_target.cpp:20:5: error: wgmma.wait_group needs --arch sm_90a (the target is sm_90) [simt-target]
// SM100A-DAG: hopper_wgmma_target.cpp:18:5: error: wgmma.mma_async needs --arch sm_90a (the target is sm_100a) [simt-target]

// wgmma and distributed shared memory are Tier 3: outside [[simt::unsafe]] each call is refused
// with the operation's name, also when a helper function or a lambda makes it for the kernel
// (the cluster's indices and barrier are safe).
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

using Tile = simt::SharedTile<simt::bfloat16, 64, 64, 1024>;

void helper(simt::wgmma::Accumulator<64>& d, const simt::wgmma::Descriptor<simt::bfloat16>& a) {
  simt::wgmma::mma_async(d, a, a);
}

[[kernel, simt::block(128)]] void outside_unsafe(simt::DisjointSlice<float> out) {
  Tile tile;
  simt::SharedArray<float, 128> part;
  simt::wgmma::Accumulator<64> d;
  const auto desc = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(tile);
  simt::wgmma::fence(d);
  simt::wgmma::mma_async(d, desc, desc);
  simt::wgmma::commit_group();
  simt::wgmma::wait_group<0>(d);
  helper(d, desc);
  auto lambda = [&] { simt::wgmma::mma_async(d, desc, desc, false); };
  lambda();
  simt::cluster::sync();
  float x = simt::cluster::load(part, 0, simt::cluster::rank());
  simt::cluster::store(part, 0, 0, x);
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = d.reg[0];
}

// CHECK-DAG: wgmma_rules.cpp:10:3: error: 'simt::wgmma::mma_async' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:18:3: error: 'simt::wgmma::fence' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:19:3: error: 'simt::wgmma::mma_async' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:20:3: error: 'simt::wgmma::commit_group' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:21:3: error: 'simt::wgmma::wait_group' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:23:23: error: 'simt::wgmma::mma_async' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:26:13: error: 'simt::cluster::load' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: wgmma_rules.cpp:27:3: error: 'simt::cluster::store' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]

// A tensor map of a type TMA does not copy is no kernel parameter, and a TMA load is Tier 3:
// only inside [[simt::unsafe]].
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void bad_element(simt::TensorMap<bool, 16> map) {}

[[kernel]] void outside_unsafe(simt::TensorMap<float, 32, 8> map) {
  simt::SharedTile<float, 8, 32, 128> tile;
  simt::Mbarrier bar;
  bar.init(1);
  simt::tma::load(tile, bar, map, 0, 0);
}

// CHECK-DAG: tma_rules.cpp:6:55: error: kernel 'bad_element' parameter 'map' has type 'simt::TensorMap<_Bool, 16>', which a kernel cannot take: a TensorMap holds integers or floating-point values, not 'bool' [simt-kernel-signature]
// CHECK-DAG: tma_rules.cpp:12:3: error: 'simt::tma::load' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]

// RUN: %simtc check --disable=simt-divergent-barrier --disable=simt-warp-divergence %s 2>&1 | count 0
// RUN: not %simtc check --disable=simt-warp-divergence -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=BARRIER --match-full-lines --implicit-check-not=error:
// RUN: not %simtc check --disable=simt-divergent-barrier -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=WARP --match-full-lines --implicit-check-not=error:
// The analysis rules can be disabled one by one, like the checker's.
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<uint32_t> out) {
  uint32_t v = simt::warp::lane_id();
  if (v < 8) {
    simt::sync_threads();
    v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// BARRIER: {{.*}}analysis_rules_disable.cpp:10:5: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// BARRIER-NEXT: {{.*}}analysis_rules_disable.cpp:9:7: note: this branch depends on the lane index
// WARP: {{.*}}analysis_rules_disable.cpp:11:9: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// WARP-NEXT: {{.*}}analysis_rules_disable.cpp:9:7: note: this branch depends on the lane index

// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build --arch sm_90a %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Warpgroup operations (setmaxnreg, wgmma) that only some threads of a warpgroup reach, or in a
// block that is not whole warpgroups; the wgmma ones inside [[simt::unsafe]], which this rule
// checks too; arithmetic, a cast and a lambda that only look uniform, and a value read back from
// shared memory (not proven: an error). The kernels at the end split the block only between
// warpgroups: accepted.
#include <simt/kernel.hpp>

namespace {
void lower_registers() { simt::warpgroup::decrease_registers<40>(); }
}  // namespace

// Half a warpgroup: tid < 64.
[[kernel, simt::block(256)]] void half_warpgroup() {
  if (simt::thread::index_x() < 64) simt::warpgroup::decrease_registers<40>();
}

// One warp of each warpgroup: uniform over a warp, not over a warpgroup.
[[kernel, simt::block(256)]] void one_warp_each(uint32_t n) {
  if (simt::thread::index_x() / 32 % 4 == 0) simt::warpgroup::increase_registers<232>();
}

// Through a helper, after the lanes past n returned.
[[kernel, simt::block(128)]] void after_a_return(uint32_t n) {
  if (simt::warpgroup::thread_index() >= n) return;
  lower_registers();
}

// In a loop whose trip count differs between the warps of a warpgroup.
[[kernel, simt::block(128)]] void loop_by_warp() {
  for (uint32_t w = 0; w < simt::thread::index_x() / 32; ++w) simt::warpgroup::decrease_registers<40>();
}

// A warp-uniform vote is not uniform over the warpgroup.
[[kernel, simt::block(128)]] void after_a_vote(simt::Slice<const float> in) {
  const bool big = simt::warp::any(simt::warp::full_mask, in[simt::thread::index_x()] > 1.0f);
  if (big) simt::warpgroup::decrease_registers<40>();
}

// 192 threads: the second warpgroup has 64.
[[kernel, simt::block(192)]] void partial_warpgroup() { simt::warpgroup::decrease_registers<40>(); }

// A contract that only bounds the block.
[[kernel, simt::max_threads(256)]] void only_bounded() { simt::warpgroup::decrease_registers<40>(); }

// wgmma in an unsafe block, by half of each warpgroup.
[[kernel, simt::block(128)]] void wgmma_half(simt::DisjointSlice<float> out) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> tile;
  simt::wgmma::Accumulator<64> d;
  const auto desc = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(tile);
  if (simt::warpgroup::thread_index() < 64) {
    [[simt::unsafe]] {  // claims the warpgroup runs it: not so
      simt::wgmma::fence(d);
      simt::wgmma::mma_async(d, desc, desc, false);
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(d);
    }
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = d.reg[0];
}

// Arithmetic that looks like a warpgroup split but is not: tid % 128 < 64, and a narrowing cast of
// the thread index in half.
[[kernel, simt::block(256)]] void modulo_split() {
  if (simt::thread::index_x() % 128 < 64) simt::warpgroup::decrease_registers<40>();
}
[[kernel, simt::block(256)]] void cast_split() {
  if (uint8_t(simt::thread::index_x() / 64) % 2 == 0) simt::warpgroup::decrease_registers<40>();
}

// Through a lambda that captures a thread-dependent flag.
[[kernel, simt::block(128)]] void lambda_flag() {
  const bool low = simt::thread::index_x() < 32;
  auto lower = [low] {
    if (low) simt::warpgroup::decrease_registers<40>();
  };
  lower();
}

// A value read back from shared memory: uniform in fact, not proven (an error, never an accept).
[[kernel, simt::block(128)]] void read_back_from_shared(uint32_t n) {
  simt::SharedArray<uint32_t, 1> flag;
  if (auto slot = flag.get_mut(simt::thread::index_in_block())) *slot = n;
  simt::sync_threads();
  if (flag[0] != 0) simt::warpgroup::decrease_registers<40>();
}

// Accepted: the producer / consumer split of the Hopper kernels, by warpgroup index.
[[kernel, simt::block(384)]] void split_by_warpgroup(simt::DisjointSlice<float> out) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> tile;
  if (simt::warpgroup::index() == 0) {
    simt::warpgroup::decrease_registers<40>();
    return;
  }
  simt::warpgroup::increase_registers<232>();
  simt::wgmma::Accumulator<64> d;
  const auto desc = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(tile);
  [[simt::unsafe]] {  // the whole warpgroup
    simt::wgmma::fence(d);
    simt::wgmma::mma_async(d, desc, desc, false);
    simt::wgmma::commit_group();
    simt::wgmma::wait_group<0>(d);
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = d.reg[0];
}

// Accepted: a 2-D block of 128 x 2: each row is a warpgroup.
[[kernel, simt::block(128, 2)]] void rows_are_warpgroups() {
  if (simt::thread::index_y() == 1) simt::warpgroup::decrease_registers<40>();
}

// CHECK:      {{.*}}warpgroup_divergence.cpp:16:37: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:16:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:21:46: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:21:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:11:26: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:26:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:27:3: note: reached through this call
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:32:63: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:32:24: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:38:12: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:38:7: note: this branch depends on the result of a warp operation, which differs between warps
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:42:57: error: warpgroup operation in a block of 192 threads: its last warpgroup has only 64 threads [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:42:35: note: the launch contract's simt::block gives this kernel 192 threads per block; warpgroup operations need a multiple of 128
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:45:58: error: warpgroup operation in a kernel whose block is only bounded: a block whose thread count is not a multiple of 128 has a partial last warpgroup [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:45:41: note: the launch contract allows any block of up to 256 threads; fix the shape with simt::block(...) (a multiple of 128 threads)
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:54:7: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:52:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:55:7: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:52:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:56:7: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:52:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:57:7: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:52:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:66:43: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:66:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:69:55: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:69:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:76:14: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:76:9: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:78:3: note: reached through this call
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:86:21: error: warpgroup operation reached under control flow that differs between the threads of a warpgroup: all 128 threads must execute it together [simt-warpgroup-divergence]
// CHECK-NEXT: {{.*}}warpgroup_divergence.cpp:86:7: note: this branch depends on a value read from memory that threads write, which may differ between threads

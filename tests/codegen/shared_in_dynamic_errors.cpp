// What codegen cannot place in dynamic shared memory is an error at the variable: more shared
// variables than the target's blocks can have (99 KiB on sm_86), a kernel that has more than
// 48 KiB of them and also takes dynamic shared memory (both would start at its first byte), and
// a variable two kernels reach when one of them moved it (its offset is that kernel's), also
// when the other kernel stays under 48 KiB.
// RUN: not %simtc build %s --arch sm_86 -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc check %s --arch sm_86 -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void over_the_target(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 128, 256> big;  // 128 KiB
  for (uint32_t r = 0; r < 128; ++r) big.at_mut(r, simt::thread::index_in_block().get()) = float(r);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = big(3, 4);
}

[[kernel, simt::block(256), simt::dynamic_shared(1024)]] void with_dynamic(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 64, 256> tile;  // 64 KiB
  auto extra = simt::dynamic_shared<float>();
  for (uint32_t r = 0; r < 64; ++r) tile.at_mut(r, simt::thread::index_in_block().get()) = float(r);
  if (auto slot = extra.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile(5, 6) + extra[0];
}

float staged(float v) {
  simt::SharedTile<float, 64, 256> stage;  // 64 KiB
  for (uint32_t r = 0; r < 64; ++r) stage.at_mut(r, simt::thread::index_in_block().get()) = v + float(r);
  simt::sync_threads();
  return stage(7, 8);
}

[[kernel, simt::block(256)]] void first_user(simt::DisjointSlice<float> out) {
  const float v = staged(1.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(256)]] void second_user(simt::DisjointSlice<float> out) {
  const float v = staged(2.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// CHECK-DAG: {{.*}}shared_in_dynamic_errors.cpp:11:37: error: kernel 'over_the_target' has 131072 bytes of shared variables, more than the 101376 bytes a thread block can have on sm_86 [simt-language-subset]
// CHECK-DAG: {{.*}}shared_in_dynamic_errors.cpp:18:36: error: kernel 'with_dynamic' has 65536 bytes of shared variables (more than 48 KiB, so they live in dynamic shared memory) and also takes dynamic shared memory (simt::dynamic_shared); keep one of the two [simt-language-subset]
// CHECK-DAG: {{.*}}shared_in_dynamic_errors.cpp:27:36: error: shared variable 'stage' is used by kernels 'first_user' and 'second_user', and at least one of them has more than 48 KiB of shared variables, which live in its dynamic shared memory; give each kernel its own variable [simt-language-subset]

// A small variable in a helper, reached by a kernel whose own tile moves everything it reaches
// into dynamic shared memory, and by one that stays static.
float tiny(float v) {
  simt::SharedArray<float, 256> scratch;
  scratch.at_mut(simt::thread::index_in_block().get()) = v;
  simt::sync_threads();
  return scratch[255 - simt::thread::index_in_block().get()];
}

[[kernel, simt::block(256)]] void big_user(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 64, 256> own;  // 64 KiB
  for (uint32_t r = 0; r < 64; ++r) own.at_mut(r, simt::thread::index_in_block().get()) = float(r);
  simt::sync_threads();
  const float v = tiny(own(1, 2));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(256)]] void small_user(simt::DisjointSlice<float> out) {
  const float v = tiny(3.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
// CHECK-DAG: {{.*}}shared_in_dynamic_errors.cpp:50:33: error: shared variable 'scratch' is used by kernels 'big_user' and 'small_user', and at least one of them has more than 48 KiB of shared variables, which live in its dynamic shared memory; give each kernel its own variable [simt-language-subset]

// A thread block has at most 227 KiB of shared memory on any GPU (sm_90 and sm_100 with the
// opt-in): a variable over it, or the variable that takes a kernel's shared memory (its own and
// that of the functions it calls) over it, is an error at its declaration, with the sizes. (Over
// 48 KiB, codegen moves them into dynamic shared memory: tests/codegen/shared_in_dynamic.cpp.)
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc check %s -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
#include <simt/kernel.hpp>

using simt::SharedArray;

[[kernel, simt::block(256)]] void too_big(simt::DisjointSlice<float> out) {
  SharedArray<float, 65536> tile;  // 256 KiB
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[0];
}

float stage(float v) {
  SharedArray<float, 20480> second;  // 80 KiB, in a function the kernel calls
  if (auto slot = second.get_mut(simt::thread::index_in_block())) *slot = v;
  simt::sync_threads();
  return second[0];
}

[[kernel, simt::block(256)]] void together_too_big(simt::DisjointSlice<float> out) {
  SharedArray<float, 40960> first;  // 160 KiB
  if (auto slot = first.get_mut(simt::thread::index_in_block())) *slot = 2.0f;
  simt::sync_threads();
  float v = stage(first[1]);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(256)]] void fits(simt::DisjointSlice<float> out) {
  SharedArray<float, 58112> tile;  // exactly 227 KiB
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = 3.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[2];
}

// CHECK: {{.*}}shared_memory_limit.cpp:12:29: error: shared-memory variable 'tile' takes 262144 bytes, more than the 232448 bytes of shared memory a thread block can have on any GPU [simt-language-subset]
// CHECK: {{.*}}shared_memory_limit.cpp:19:29: error: kernel 'together_too_big' has 245760 bytes of shared memory with 'second', more than the 232448 bytes a thread block can have on any GPU [simt-language-subset]

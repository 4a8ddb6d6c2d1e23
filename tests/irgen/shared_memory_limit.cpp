// Static shared memory is at most 48 KiB per thread block (ptxas: "uses too much shared data"):
// a variable over it, or the variable that takes a kernel's shared memory (its own and that of
// the functions it calls) over it, is an error at its declaration, with the sizes.
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
  SharedArray<float, 8192> second;  // 32 KiB, in a function the kernel calls
  if (auto slot = second.get_mut(simt::thread::index_in_block())) *slot = v;
  simt::sync_threads();
  return second[0];
}

[[kernel, simt::block(256)]] void together_too_big(simt::DisjointSlice<float> out) {
  SharedArray<float, 8192> first;  // 32 KiB
  if (auto slot = first.get_mut(simt::thread::index_in_block())) *slot = 2.0f;
  simt::sync_threads();
  float v = stage(first[1]);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(256)]] void fits(simt::DisjointSlice<float> out) {
  SharedArray<float, 12288> tile;  // exactly 48 KiB
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = 3.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[2];
}

// CHECK: {{.*}}shared_memory_limit.cpp:11:29: error: shared-memory variable 'tile' takes 262144 bytes, more than the 49152 bytes of static shared memory a thread block can have [simt-language-subset]
// CHECK: {{.*}}shared_memory_limit.cpp:18:28: error: kernel 'together_too_big' has 65536 bytes of static shared memory with 'second', more than the 49152 bytes a thread block can have [simt-language-subset]

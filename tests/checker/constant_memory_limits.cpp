// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// All constant memory of a file, simt::Constant tables and constexpr tables together, fits in the
// 64 KiB the GPU gives a module; a constant's elements are what a kernel parameter can be.
#include <simt/kernel.hpp>

constexpr float kWindow[4096] = {1.0f};  // 16 KiB
simt::Constant<float, 12288> weights;    // 48 KiB: 64 KiB with the window
simt::Constant<uint32_t, 16> small;      // one more table is too much
simt::Constant<const float*, 4> pointers;

[[kernel]] void k(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  float v = kWindow[i.get() % 4096] * weights[i.get() % 12288] + float(small[0]);
  if (auto o = out.get_mut(i)) *o = v + *pointers[0];
}

// CHECK: {{.*}}constant_memory_limits.cpp:9:33: error: simt::Constant 'pointers' holds elements of type 'const float *': constant memory holds what a kernel parameter can be, scalars and structs of scalars [simt-global-variable]
// CHECK-NEXT: {{.*}}constant_memory_limits.cpp:7:30: error: the module's constant memory takes 65600 bytes (49152 of them 'weights'), more than the 65536 bytes the GPU gives a module: pass large tables as a simt::Slice<const T> [simt-global-variable]

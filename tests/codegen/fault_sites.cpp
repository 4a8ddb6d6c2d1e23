// Every failed check, assert and trap gets a site in the module's table (__simt_fault_sites),
// at the user's code that reached it: a check inside simt's headers (Slice::operator[],
// at_mut, a shared array) is reported at the subscript or call, through helpers too, with the
// object as written; a local array at its subscript; an index spelled in a macro keeps its
// location but no name. At -O0 simt's header functions are still inlined, so the sites are
// the same. PTX made without a failing path has no table and no record, nor PTX made with
// --no-fault-report.
// RUN: %simtc inspect %s --emit=llvm -o - | FileCheck %s
// RUN: %simtc inspect %s --emit=llvm -O0 -o - | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %simtc build %s -o %t.ptx --ptxas
// RUN: %simtc build %S/Inputs/no_checks.cpp -o - | FileCheck %s --check-prefix=NONE
// RUN: %simtc build %s --no-fault-report -o - | FileCheck %s --check-prefix=OFF
#include <simt/kernel.hpp>

#define AT(view, i) view[i]

float read_through(simt::Slice<const float> values, size_t k) { return values[k]; }

[[kernel, simt::block(128)]]
void sites(simt::Slice<const float> in, simt::Slice<const uint32_t> keys, simt::DisjointSlice<float> out,
           simt::DisjointSlice<float> all, float limit) {
  simt::SharedArray<float, 128> tile;
  auto i = simt::thread::index_1d();
  float table[3] = {1.0f, 2.0f, 3.0f};
  float v = in[i.get() + 1] + read_through(in, i.get() * 2) + table[keys[i.get()]];
  v += AT(in, i.get() + 5);
  all.at_mut(i.get() * 3) = v;
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = v;
  simt::sync_threads();
  v += tile[keys[i.get()]];
  SIMT_ASSERT(v < limit);
  if (v == 7.0f) simt::trap();
  if (auto o = out.get_mut(i)) *o = v;
}

// CHECK: @__simt_fault_buffer = addrspace(1) externally_initialized global ptr null, align 8
// CHECK: @__simt_fault_sites = addrspace(1) constant [{{[0-9]+}} x i8] c"F\09{{[^\]*}}fault_sites.cpp\0A
// CHECK-SAME: S\09bounds\090\0917\0972\09values\09\0A
// CHECK-SAME: S\09bounds\090\0925\0913\09in\09\0A
// CHECK-SAME: S\09bounds\090\0925\0963\09table\09\0A
// CHECK-SAME: S\09bounds\090\0925\0969\09keys\09\0A
// CHECK-SAME: S\09bounds\090\0926\098\09\09\0A
// CHECK-SAME: S\09bounds\090\0927\093\09all\09\0A
// At -O0 the checks that O3 proves cannot fail are still there: the empty-handle traps of
// `*slot` and `*o`, and line 30's (keys[i] was checked on line 25, and is below 3 < 128).
// O0-SAME: S\09trap\090\0928\0965\09slot\09\0A
// O0-SAME: S\09bounds\090\0930\098\09tile\09\0A
// O0-SAME: S\09bounds\090\0930\0913\09keys\09\0A
// CHECK-SAME: S\09assert\090\0931\093\09\09v < limit\0A
// CHECK-SAME: S\09trap\090\0932\0918\09\09\0A
// O0-SAME: S\09trap\090\0933\0932\09o\09\0A
// CHECK-SAME: \00"
// The assert calls the recorder on its own path (before __assertfail); the other sites share
// the kernel's one fault block, which records the site, index and size its phis bring.
// CHECK: define ptx_kernel void @sites(
// CHECK: call void @__simt_fault_record(i32 {{[0-9]+}}, i64 0, i64 0)
// CHECK-NEXT: call void @__assertfail(
// CHECK: {{^}}fault:
// CHECK-NEXT: %fault.site = phi i32
// CHECK-NEXT: %fault.a = phi i64
// CHECK-NEXT: %fault.b = phi i64
// CHECK-NEXT: call void @__simt_fault_record(i32 %fault.site, i64 %fault.a, i64 %fault.b)
// CHECK-NEXT: call void @llvm.trap()
// CHECK: define internal void @__simt_fault_record(i32 %0, i64 %1, i64 %2)
// CHECK: cmpxchg ptr addrspace(1) @__simt_fault_claim, i32 0, i32 1 monotonic monotonic
// CHECK: store volatile i32 1397312852,

// --no-fault-report: the checks still trap, nothing is recorded.
// OFF-NOT: __simt_fault
// OFF: .entry sites
// OFF: trap;
// OFF-NOT: __simt_fault

// NONE-NOT: __simt_fault
// NONE: .entry copy
// NONE-NOT: __simt_fault

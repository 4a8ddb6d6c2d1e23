// simtc build -g: DWARF for cuda-gdb (as nvcc -G): a full compile unit at -O0, the kernel's
// parameters and locals with their types (simt's views as structs of their members, local
// arrays as arrays), and .debug_info sections in the PTX that ptxas assembles with -g.
// Without -g nothing of it reaches the PTX.
// RUN: %simtc inspect -g %s --emit=llvm -o - | FileCheck %s
// RUN: %simtc build -g %s -o %t.ptx --ptxas
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -g -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %simtc build %s -o - | FileCheck %s --check-prefix=PLAIN
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]]
void scaled(simt::Slice<const float> in, simt::DisjointSlice<float> out, float factor) {
  auto i = simt::thread::index_1d();
  float weights[3] = {0.5f, 1.0f, 2.0f};
  int pick = int(i.get() % 3);
  if (auto o = out.get_mut(i)) *o = in[i.get()] * factor * weights[pick];
}

// CHECK: !DICompileUnit(language: DW_LANG_C_plus_plus_14, {{.*}}producer: "simtc", isOptimized: false, {{.*}}emissionKind: FullDebug)
// CHECK-DAG: !DILocalVariable(name: "in", arg: 1, scope: ![[SP:[0-9]+]], file: !{{[0-9]+}}, line: 13, type: ![[SLICE:[0-9]+]])
// CHECK-DAG: ![[SLICE]] = !DICompositeType(tag: DW_TAG_structure_type, name: "simt::Slice<const float>", size: 128, elements: ![[MEMBERS:[0-9]+]])
// CHECK-DAG: !DILocalVariable(name: "factor", arg: 3, scope: ![[SP]], file: !{{[0-9]+}}, line: 13, type: ![[FLOAT:[0-9]+]])
// CHECK-DAG: ![[FLOAT]] = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
// CHECK-DAG: !DILocalVariable(name: "weights", scope: ![[SP]], file: !{{[0-9]+}}, line: 15, type: ![[ARRAY:[0-9]+]])
// CHECK-DAG: ![[ARRAY]] = !DICompositeType(tag: DW_TAG_array_type, baseType: ![[FLOAT]], size: 96, elements: !{{[0-9]+}})
// CHECK-DAG: !DILocalVariable(name: "pick", scope: ![[SP]], file: !{{[0-9]+}}, line: 16, type: ![[INT:[0-9]+]])
// CHECK-DAG: ![[INT]] = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
// CHECK-DAG: !DIDerivedType(tag: DW_TAG_member, name: "size_", {{.*}}size: 64, offset: 64)
// CHECK-DAG: ![[SP]] = distinct !DISubprogram(name: "scaled"

// PTX-DAG: .section .debug_abbrev
// PTX-DAG: .section .debug_info

// PLAIN-NOT: .debug_info
// PLAIN-NOT: {{^[[:space:]]+\.loc[[:space:]]}}
// PLAIN: .entry scaled
// PLAIN-NOT: .debug_info
// PLAIN-NOT: {{^[[:space:]]+\.loc[[:space:]]}}

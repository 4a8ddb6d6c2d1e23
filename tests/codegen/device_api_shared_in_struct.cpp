// Shared memory is declared on its own: inside a struct or an array it would silently be
// private to each thread, so simtc rejects it at the declaration.
// RUN: not %simtc build %s -o %t.ptx 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Tiles {
  simt::SharedArray<float, 64> a;
  float scale;
};

[[kernel]] void tiles(simt::DisjointSlice<float> out) {
  Tiles t{};
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = t.a[0] * t.scale;
}

// CHECK: device_api_shared_in_struct.cpp:12:9: error: shared memory must be declared on its own: 't' holds a shared-memory object inside a struct, which would be private to each thread [simt-language-subset]

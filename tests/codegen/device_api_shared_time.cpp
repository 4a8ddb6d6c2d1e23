// Shared memory: each SharedArray / SharedTile local is one .shared variable of its size and
// alignment; dynamic_shared<T>() is the launch's extern shared array, sized by
// %dynamic_smem_size. Time: %clock, %clock64, %globaltimer, nanosleep.
// RUN: %simtc inspect %s --emit=ir | FileCheck --check-prefix=IR %s
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

struct Pair {
  float a, b;
};

[[kernel]] void staged(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128, 16> tile;
  simt::SharedTile<Pair, 8, 9> grid;
  auto scratch = simt::dynamic_shared<float>();
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  float x = i.get() < in.size() ? in[i.get()] : 0.0f;
  if (auto s = tile.get_mut(me)) *s = x;
  if (auto s = scratch.get_mut(me)) *s = 2.0f * x;
  if (auto s = grid.get_mut(me)) *s = Pair{x, -x};
  simt::sync_threads();
  float y = tile[(me.get() + 1) % tile.size()] + grid((me.get() / 9) % 8, me.get() % 9).b;
  if (me.get() + 1 < scratch.size()) y += scratch[me.get() + 1];
  y += float(simt::clock64() % 2) + float(simt::globaltimer() % 2) + float(simt::clock() % 2);
  if (auto o = out.get_mut(i)) *o = y;
  simt::nanosleep(100);
}

// IR:      global @shared.tile : shared, size 512, align 16
// IR-NEXT: global @shared.grid : shared, size 576, align 4
// IR-NEXT: global @simt_dynamic_shared : shared, extern, align 16
// IR:      intrinsic i32 shared.dynamic_size()

// CHECK:      .extern .shared .align 16 .b8 simt_dynamic_shared[];
// CHECK:      .entry staged(
// CHECK:      .shared .align 16 .b8 shared_$_tile[512];
// CHECK:      .shared .align 4 .b8 shared_$_grid[576];
// CHECK:      %dynamic_smem_size;
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK:      %clock64;
// CHECK:      %globaltimer;
// CHECK:      %clock;
// CHECK:      nanosleep.u32 100;

// Thread block clusters (sm_90): the cluster's special registers, the cluster barrier (arrive,
// relaxed arrive, wait) and distributed shared memory, each block reading and writing its
// neighbour's shared array through mapa.shared::cluster (index and rank checked first).
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc inspect %s --arch sm_90 --emit=ir | FileCheck --check-prefix=IR %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.90a.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]]
void neighbours(simt::DisjointSlice<float> out, simt::DisjointSlice<uint32_t> where) {
  simt::SharedArray<float, 256> part;
  auto me = simt::thread::index_in_block();
  if (auto slot = part.get_mut(me)) *slot = float(simt::cluster::rank() * 1000 + me.get());
  simt::cluster::sync();  // every block of the cluster wrote its part
  const uint32_t next = (simt::cluster::rank() + 1) % simt::cluster::size();
  float left = 0;
  [[simt::unsafe]] {  // no block writes `part` between the two cluster barriers
    left = simt::cluster::load(part, me.get(), next);
  }
  simt::cluster::arrive();  // this block is done reading the others' memory
  simt::cluster::wait();    // and no block exits while another still reads its part
  [[simt::unsafe]] {        // each thread writes its own slot of the next block's array
    simt::cluster::store(part, me.get(), next, left + 1.0f);
  }
  simt::cluster::arrive_relaxed();
  simt::cluster::wait();
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = left;
  if (auto w = where.get_mut(i))
    *w = simt::cluster::block_index_x() | simt::cluster::block_index_y() << 4 | simt::cluster::block_index_z() << 8 |
         simt::cluster::dim_x() << 12 | simt::cluster::dim_y() << 16 | simt::cluster::dim_z() << 20 |
         (simt::cluster::index_x() + simt::cluster::index_y() + simt::cluster::index_z()) << 24 |
         (simt::cluster::grid_dim_x() * simt::cluster::grid_dim_y() * simt::cluster::grid_dim_z()) << 28;
}

// CHECK-LABEL: .visible .entry neighbours(
// CHECK:       mov.b32 [[BASE:%r[0-9]+]], shared_$_part;
// CHECK-NEXT:  add.s32 [[MINE:%r[0-9]+]], [[BASE]], %r{{[0-9]+}};
// CHECK-NEXT:  mov.u32 [[RANK:%r[0-9]+]], %cluster_ctarank;
// CHECK:       st.shared.b32 [[[MINE]]], %r{{[0-9]+}};
// CHECK-NEXT:  barrier.cluster.arrive.aligned;
// CHECK-NEXT:  barrier.cluster.wait.aligned;
// CHECK-NEXT:  add.s32 %r{{[0-9]+}}, [[RANK]], 1;
// CHECK-NEXT:  mov.u32 [[SIZE:%r[0-9]+]], %cluster_nctarank;
// The rank is checked against the cluster's size before the other block's memory is read; the
// same mapping serves the load and the store (mapa computes an address, nothing more).
// CHECK:       setp.lt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, [[SIZE]];
// CHECK:       mapa.shared::cluster.u32 [[REMOTE:%r[0-9]+]], [[MINE]], [[NEXT:%r[0-9]+]];
// CHECK-NEXT:  ld.shared::cluster.b32 [[LEFT:%r[0-9]+]], [[[REMOTE]]];
// CHECK-NEXT:  barrier.cluster.arrive.aligned;
// CHECK-NEXT:  barrier.cluster.wait.aligned;
// CHECK-NEXT:  add.f32 [[PLUS:%r[0-9]+]], [[LEFT]], 0f3F800000;
// CHECK-NEXT:  st.shared::cluster.b32 [[[REMOTE]]], [[PLUS]];
// CHECK-NEXT:  barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT:  barrier.cluster.wait.aligned;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_ctaid.x;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_ctaid.y;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_ctaid.z;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_nctaid.x;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_nctaid.y;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %cluster_nctaid.z;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %clusterid.x;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %clusterid.y;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %clusterid.z;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %nclusterid.x;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %nclusterid.y;
// CHECK-DAG:   mov.u32 %r{{[0-9]+}}, %nclusterid.z;

// IR-LABEL: kernel @neighbours
// IR:       intrinsic i32 cluster.ctarank()
// IR:       intrinsic void cluster.arrive()
// IR-NEXT:  intrinsic void cluster.wait()
// IR:       intrinsic i32 cluster.nctarank()
// IR:       intrinsic f32 cluster.load(%{{[0-9]+}}, %{{[0-9a-z.]+}})
// IR:       intrinsic void cluster.store(%{{[0-9]+}}, %{{[0-9a-z.]+}}, %{{[0-9]+}})
// IR:       intrinsic void cluster.arrive.relaxed()

// TMA multicast on a cluster's pipeline (sm_90): each block's producer copies its part of a stage
// into every block of the mask (cp.async.bulk.tensor ... .multicast::cluster with the 16-bit
// mask, the part's offset inside the stage, completing on that stage's full barrier), each
// consumer warp releases the stage in every block of the cluster (mapa, then a release arrival at
// cluster scope on the remote barrier, rank checked first), and the producer drains the ring
// before its block exits. The part index and the mask are checked before the copy.
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
#include <simt/kernel.hpp>

using Map = simt::TensorMap<float, 32, 8>;  // boxes of 8 rows of 32 floats (1 KiB); 2 per stage

[[kernel, simt::block(128), simt::cluster(2, 1, 1)]] void shared_stage(Map in, uint32_t rounds,
                                                                      simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 2 * 16, 32, 128> stages;  // 2 stages of 2 boxes
  simt::Pipeline<2> pipe;
  pipe.init(1, 2 * 4);     // the producer; one arrival per warp of each block
  simt::cluster::sync();   // both blocks' barriers are ready
  const uint32_t rank = simt::cluster::rank();
  simt::PipelineState<2> at;
  float sum = 0.0f;
  const uint32_t t = simt::thread::index_in_block().get();
  for (uint32_t r = 0; r < rounds; ++r) {
    if (t == 0) {
      pipe.producer_acquire(at);
      [[simt::unsafe]] {  // both blocks' parts: 2 boxes
        pipe.producer_expect(at, 2 * Map::box_bytes);
        simt::tma::load_multicast(stages, pipe, at, in, 3u, rank, 0, int(r * 16 + rank * 8));
      }
    }
    pipe.consumer_wait(at);
    sum += stages(at.stage() * 16 + t / 8, t % 32);
    if (simt::warp::lane_id() == 0) {
      [[simt::unsafe]] {  // the other block drains its ring before it exits
        pipe.consumer_release_in(at, 0);
        pipe.consumer_release_in(at, 1);
      }
    }
    at.advance();
  }
  if (t == 0) pipe.producer_drain(at);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

// CHECK-LABEL: .entry shared_stage(
// CHECK:       .reqnctapercluster 2, 1, 1
// The copy: part `rank` (rank * 1 KiB into the stage), the mask as a 16-bit operand, after the
// checks of the part (below 2 boxes) and the mask (some block, none past the cluster), whose
// failure stops the thread (the trap at the end).
// CHECK:       mov.u32 %r{{[0-9]+}}, %cluster_nctarank;
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}], %rs{{[0-9]+}};
// Each release: the rank checked against the cluster's size, the barrier mapped into that block,
// one arrival released at cluster scope.
// CHECK:       mapa.shared::cluster.u32 [[REMOTE:%r[0-9]+]], %r{{[0-9]+}}, 0;
// CHECK-NEXT:  mov.b32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT:  mbarrier.arrive.release.cluster.shared::cluster.b64 _, {{\[}}[[REMOTE]]{{\]}}, [[ONE]];
// CHECK:       mapa.shared::cluster.u32 [[REMOTE1:%r[0-9]+]], %r{{[0-9]+}}, 1;
// CHECK-NEXT:  mov.b32 [[ONE1:%r[0-9]+]], 1;
// CHECK-NEXT:  mbarrier.arrive.release.cluster.shared::cluster.b64 _, {{\[}}[[REMOTE1]]{{\]}}, [[ONE1]];
// CHECK:       trap; exit;

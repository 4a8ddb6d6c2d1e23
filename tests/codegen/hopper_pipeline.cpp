// simt::Pipeline (sm_90): a ring of stages with a full and an empty mbarrier each. init()
// initialises all of them from the block's first thread, fences once and synchronises once; the
// producer waits on the empty barrier with the parity before its own (at once on the first
// round), arrives on the full one with the stage's bytes, and TMA copies the box into the stage's
// rows of the tile, completing on that full barrier; the consumers wait on the full barrier and
// arrive on the empty one.
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
#include <simt/kernel.hpp>

using Map = simt::TensorMap<float, 32, 8>;  // boxes of 8 rows of 32 floats (1 KiB)

[[kernel, simt::block(128)]] void ring(Map in, uint32_t rounds, simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 3 * 8, 32, 128> stages;  // 3 stages of one box each
  simt::Pipeline<3> pipe;
  pipe.init(1, 4);  // the producer; one arrival per warp
  simt::PipelineState<3> at;
  float sum = 0.0f;
  const uint32_t t = simt::thread::index_in_block().get();
  for (uint32_t r = 0; r < rounds; ++r) {
    if (t == 0) {
      pipe.producer_acquire(at);
      [[simt::unsafe]] {
        pipe.producer_expect(at, Map::box_bytes);
        simt::tma::load(stages, pipe, at, in, 0, int(r * 8));
      }
    }
    pipe.consumer_wait(at);
    sum += stages(at.stage() * 8 + t / 32, t % 32);
    if (simt::warp::lane_id() == 0) pipe.consumer_release(at);
    at.advance();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

// Six barriers initialised by the first thread, one fence, one barrier for the block.
// CHECK:      .shared .align 8 .b8 shared_$_pipe[48];
// CHECK-COUNT-6: mbarrier.init.shared.b64 [{{.*}}], %r{{[0-9]+}};
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK:      bar.sync 0;
// The producer waits on the stage's empty barrier with the flipped parity, arrives on its full
// barrier with the bytes, and the copy completes on that full barrier.
// CHECK:      xor.b32 [[FLIPPED:%r[0-9]+]], [[PARITY:%r[0-9]+]], 1;
// CHECK:      mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [%r{{[0-9]+}}], [[FLIPPED]];
// CHECK:      mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, {{\[}}[[FULL:%r[0-9]+]]{{\]}}, %r{{[0-9]+}};
// CHECK:      cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], {{\[}}[[FULL]]{{\]}};
// The consumers wait on the full barrier with the stage's own parity and arrive on the empty one.
// CHECK:      mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [%r{{[0-9]+}}], [[PARITY]];
// CHECK:      mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [%r{{[0-9]+}}];

// mbarrier (sm_90): init by the block's first thread with the init fence and a block barrier,
// arrive (a token that wait consumes), arrive.expect_tx, and waits on a token and on a phase
// parity that advances with each wait, through a loop.
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// RUN: %simtc inspect %s --arch sm_90a --emit=ir | FileCheck --check-prefix=IR %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.90.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void phases(uint32_t rounds, simt::DisjointSlice<uint32_t> out) {
  simt::Mbarrier bar;
  bar.init(simt::block::dim_x());  // every thread arrives once per phase
  simt::MbarrierPhase phase;
  for (uint32_t r = 0; r < rounds; ++r) {  // phases 0 ... rounds - 1, by parity
    bar.arrive_expect_tx(0);
    bar.wait(phase);
  }
  bar.wait(bar.arrive());  // phase `rounds`, through its token
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = phase.parity();
}

// The barrier is 8 bytes of shared memory, initialised by the block's first thread only.
// CHECK:      .shared .align 8 .b8 shared_$_bar[8];
// CHECK:      setp.ne.b32 [[NOT_FIRST:%p[0-9]+]], %r{{[0-9]+}}, 0;
// CHECK-NEXT: @[[NOT_FIRST]] bra [[SYNC:\$L__BB0_[0-9]+]];
// CHECK-NEXT: mbarrier.init.shared.b64 [shared_$_bar], %r{{[0-9]+}};
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: [[SYNC]]:
// CHECK-NEXT: bar.sync 0;
// Each round arrives with its transaction bytes and spins on the phase's parity, which flips.
// CHECK:      [[ROUND:\$L__BB0_[0-9]+]]:
// CHECK:      mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [shared_$_bar], %r{{[0-9]+}};
// CHECK-NEXT: [[SPIN:\$L__BB0_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 [[DONE:%p[0-9]+]], [shared_$_bar], [[PARITY:%r[0-9]+]];
// CHECK-NEXT: not.pred [[NOT_DONE:%p[0-9]+]], [[DONE]];
// CHECK-NEXT: @[[NOT_DONE]] bra [[SPIN]];
// CHECK-NEXT: xor.b32 [[PARITY]], [[PARITY]], 1;
// CHECK:      @%p{{[0-9]+}} bra [[ROUND]];
// The last phase through the token its own arrival returned.
// CHECK:      mbarrier.arrive.shared.b64 [[STATE:%rd[0-9]+]], [shared_$_bar];
// CHECK-NEXT: [[SPIN2:\$L__BB0_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.shared.b64 [[DONE2:%p[0-9]+]], [shared_$_bar], [[STATE]];
// CHECK-NEXT: not.pred [[NOT_DONE2:%p[0-9]+]], [[DONE2]];
// CHECK-NEXT: @[[NOT_DONE2]] bra [[SPIN2]];
// CHECK:      st.global.b32 [%rd{{[0-9]+}}], [[PARITY]];

// IR:      intrinsic void mbarrier.init(%this, %{{[0-9]+}})
// IR-NEXT: intrinsic void mbarrier.init_fence()
// IR:      intrinsic i64 mbarrier.arrive.expect_tx(%this, %{{[0-9]+}})
// IR:      intrinsic i1 mbarrier.try_wait.parity(%this, %{{[0-9]+}})
// IR:      intrinsic i1 mbarrier.try_wait(%this, %{{[0-9]+}})
// IR:      intrinsic i64 mbarrier.arrive(%this)

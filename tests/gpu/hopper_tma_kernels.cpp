// A TMA load through an mbarrier (sm_90a) for hopper_tma_gpu_test.cpp: each block of 32 x 8
// threads copies one 32 x 8 box of the input matrix into shared memory with one
// cp.async.bulk.tensor, waits on the mbarrier for its bytes, and writes the box back with plain
// stores. Boxes at the matrix's right and bottom edges reach past it: the copy engine fills
// those elements with zeros. Device only (no CPU reference: the test computes the expectation).
#include <simt/kernel.hpp>

using Box = simt::TensorMap<float, 32, 8>;

[[kernel, simt::block(32, 8)]]
void tma_box_copy(Box in, simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  simt::SharedTile<float, 8, 32, 128> tile;
  simt::Mbarrier bar;
  bar.init(1);  // one arrival per phase: the thread that starts the copy
  simt::MbarrierPhase phase;
  if (simt::thread::index_in_block().get() == 0) {
    [[simt::unsafe]] {
      // Expects the box's 1024 bytes, then starts the copy that delivers them; every thread
      // reads the tile only after the phase completes.
      bar.arrive_expect_tx(Box::box_bytes);
      simt::tma::load(tile, bar, in, int(simt::block::index_x() * 32), int(simt::block::index_y() * 8));
    }
  }
  bar.wait(phase);
  auto i = simt::thread::index_2d_runtime(out);
  if (auto o = out.get_mut(i)) *o = tile(simt::thread::index_in_block().get() / 32, simt::thread::index_in_block().get() % 32);
}

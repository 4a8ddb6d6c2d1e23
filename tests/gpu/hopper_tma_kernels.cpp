// Hopper kernels (sm_90a) for hopper_tma_gpu_test.cpp.
//
// tma_box_copy: a TMA load through an mbarrier. Each block of 32 x 8
// threads copies one 32 x 8 box of the input matrix into shared memory with one
// cp.async.bulk.tensor, waits on the mbarrier for its bytes, and writes the box back with plain
// stores. Boxes at the matrix's right and bottom edges reach past it: the copy engine fills
// those elements with zeros.
//
// tile_64x128: wgmma. A warpgroup (the block) computes a 64 x 128 tile of C = A B^T from
// 128-byte-swizzled K-major tiles of A and B^T that TMA loads (docs/device-api.md, "wgmma").
// Device only (no CPU reference: the test computes the expectations).
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

using MapA = simt::TensorMap<simt::bfloat16, 64, 64>;   // 64 rows of A, 64 values of K
using MapB = simt::TensorMap<simt::bfloat16, 64, 128>;  // 128 rows of B^T (N), 64 values of K

[[kernel, simt::block(128)]]
void tile_64x128(MapA a, MapB b, uint32_t k_tiles, simt::DisjointSlice<float> c) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> sa;  // 128-byte rows, 1024-byte aligned
  simt::SharedTile<simt::bfloat16, 128, 64, 1024> sb;
  simt::Mbarrier bar;
  bar.init(1);
  simt::MbarrierPhase phase;
  simt::wgmma::Accumulator<128> d;  // 64 floats per thread
  const auto da = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sa);
  const auto db = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sb);
  for (uint32_t kt = 0; kt < k_tiles; ++kt) {
    if (simt::thread::index_in_block().get() == 0) {
      [[simt::unsafe]] {  // one arrival with both boxes' bytes; every thread waits below
        bar.arrive_expect_tx(MapA::box_bytes + MapB::box_bytes);
        simt::tma::load(sa, bar, a, int(kt * 64), int(simt::block::index_y() * 64));
        simt::tma::load(sb, bar, b, int(kt * 64), int(simt::block::index_x() * 128));
      }
    }
    bar.wait(phase);  // the tiles have landed
    [[simt::unsafe]] {  // the block is one warpgroup; the tiles stay until the wait below
      simt::wgmma::fence(d);
#pragma unroll
      for (uint32_t k = 0; k < 4; ++k)  // K = 64 in four steps of 16 (32 bytes)
        simt::wgmma::mma_async(d, da.advanced(32 * k), db.advanced(32 * k), kt > 0 || k > 0);
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(d);
    }
    simt::sync_threads();  // every warp's mmas have read the tiles before the next loads
  }
  [[simt::unsafe]] {  // the fragment layout gives each element of the tile to one thread
    const size_t row0 = simt::block::index_y() * 64, col0 = simt::block::index_x() * 128;
    const size_t n = simt::grid::dim_x() * 128;
#pragma unroll
    for (uint32_t i = 0; i < d.size; ++i) c.get_unchecked_mut((row0 + d.row(i)) * n + col0 + d.col(i)) = d.reg[i];
  }
}

// cluster_ranks: a kernel built for clusters of two blocks (simt::cluster(2)). A plain launch
// runs it in clusters: thread 0 of each block writes its rank in the cluster, the cluster's
// index in the grid and the cluster's size.
[[kernel, simt::block(64), simt::cluster(2)]]
void cluster_ranks(simt::DisjointSlice<uint32_t> out) {
  simt::cluster::sync();  // every block of the cluster is running
  if (simt::thread::index_in_block().get() == 0) {
    [[simt::unsafe]] {  // one thread per block writes its block's three slots
      const size_t b = simt::block::index_x();
      out.get_unchecked_mut(3 * b) = simt::cluster::rank();
      out.get_unchecked_mut(3 * b + 1) = simt::cluster::index_x();
      out.get_unchecked_mut(3 * b + 2) = simt::cluster::size();
    }
  }
}

// store_matrices: stmatrix (sm_90) on the GPU, as tests/unit/host/mma_test.cpp runs it on the
// host reference. One warp: lane l's register (2l, 2l + 1) through stmatrix_x1 and its
// transposed form into two 8 x 8 matrices, then a 16 x 16 tile through ldmatrix_x4 and back
// through stmatrix_x4 (and the .trans pair).
[[kernel, simt::block(32)]]
void store_matrices(simt::DisjointSlice<uint16_t> plain, simt::DisjointSlice<uint16_t> trans,
                    simt::DisjointSlice<uint16_t> round_trip, simt::DisjointSlice<uint16_t> round_trip_t) {
  simt::SharedArray<uint16_t, 64, 16> p, t;
  simt::SharedArray<uint16_t, 256, 16> tile, back, back_t;
  const uint32_t lane = simt::warp::lane_id();
  for (size_t k = lane; k < 256; k += 32) [[simt::unsafe]] { tile.at_mut(k) = uint16_t(3 * k + 1); }
  simt::sync_threads();
  [[simt::unsafe]] {  // one warp; each lane passes one 16-byte row of each matrix
    const uint32_t reg = (2 * lane) | (2 * lane + 1) << 16;
    simt::mma::stmatrix_x1(p.data() + lane % 8 * 8, reg);
    simt::mma::stmatrix_x1_trans(t.data() + lane % 8 * 8, reg);
    const size_t row = (lane % 16) * 16 + (lane / 16) * 8;
    const simt::mma::FragmentA fa = simt::mma::ldmatrix_x4(tile.data() + row);
    simt::mma::stmatrix_x4(back.data() + row, fa.reg[0], fa.reg[1], fa.reg[2], fa.reg[3]);
    const simt::mma::FragmentA ft = simt::mma::ldmatrix_x4_trans(tile.data() + row);
    simt::mma::stmatrix_x4_trans(back_t.data() + row, ft.reg[0], ft.reg[1], ft.reg[2], ft.reg[3]);
  }
  simt::sync_threads();
  [[simt::unsafe]] {  // lane-strided copies out, each element by one lane
    for (size_t k = lane; k < 64; k += 32) plain.at_mut(k) = p[k], trans.at_mut(k) = t[k];
    for (size_t k = lane; k < 256; k += 32) round_trip.at_mut(k) = back[k], round_trip_t.at_mut(k) = back_t[k];
  }
}

// Tensor-core fragments on the host reference: ldmatrix hands each lane the elements of the
// PTX ISA's layouts, and mma_m16n8k16 computes D = A * B + C for the warp.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace {

// A (16 x 16) and B (16 x 8, row-major k x n) into shared memory, A and B fragments through
// ldmatrix (x4, and x2.trans for B), one mma, and each lane stores its four results where the
// C fragment layout puts them.
template <bool BF16>
void tile_product(simt::Slice<const float> a, simt::Slice<const float> b, simt::Slice<const float> c,
                  simt::DisjointSlice<float> d, simt::DisjointSlice<unsigned> a_regs) {
  using Half = std::conditional_t<BF16, simt::bfloat16, simt::half>;
  simt::SharedArray<Half, 256, 16> as;
  simt::SharedArray<Half, 128, 16> bs;
  auto me = simt::thread::index_in_block();
  for (std::size_t k = me.get(); k < 256; k += 32) [[simt::unsafe]] { as.at_mut(k) = Half(a[k]); }
  for (std::size_t k = me.get(); k < 128; k += 32) [[simt::unsafe]] { bs.at_mut(k) = Half(b[k]); }
  simt::sync_threads();
  const unsigned lane = simt::warp::lane_id(), g = lane / 4, t = lane % 4;
  [[simt::unsafe]] {
    simt::mma::FragmentA fa = simt::mma::ldmatrix_x4(as.data() + (lane % 16) * 16 + (lane / 16) * 8);
    simt::mma::FragmentB fb = simt::mma::ldmatrix_x2_trans(bs.data() + (lane % 16) * 8);
    simt::mma::FragmentC fc;
    fc.reg[0] = c[g * 8 + 2 * t];
    fc.reg[1] = c[g * 8 + 2 * t + 1];
    fc.reg[2] = c[(g + 8) * 8 + 2 * t];
    fc.reg[3] = c[(g + 8) * 8 + 2 * t + 1];
    simt::mma::FragmentC fd = BF16 ? simt::mma::mma_m16n8k16_bf16(fa, fb, fc) : simt::mma::mma_m16n8k16_f16(fa, fb, fc);
    d.get_unchecked_mut(g * 8 + 2 * t) = fd.reg[0];
    d.get_unchecked_mut(g * 8 + 2 * t + 1) = fd.reg[1];
    d.get_unchecked_mut((g + 8) * 8 + 2 * t) = fd.reg[2];
    d.get_unchecked_mut((g + 8) * 8 + 2 * t + 1) = fd.reg[3];
    for (int r = 0; r < 4; ++r) a_regs.get_unchecked_mut(4 * lane + r) = fa.reg[r];
  }
}

template <bool BF16>
void check_tile_product() {
  std::vector<float> a(256), b(128), c(128), d(128, -1.0f);
  for (int k = 0; k < 256; ++k) a[k] = float((k * 7) % 13 - 6);
  for (int k = 0; k < 128; ++k) b[k] = float((k * 5) % 11 - 5) * 0.5f;
  for (int k = 0; k < 128; ++k) c[k] = float(k % 9) * 0.25f;
  std::vector<unsigned> regs(128);
  simt::host::launch_1d(1, 32, tile_product<BF16>, simt::host::slice(a), simt::host::slice(b),
                        simt::host::slice(c), simt::host::disjoint(d), simt::host::disjoint(regs));
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 8; ++n) {
      float want = c[m * 8 + n];
      for (int k = 0; k < 16; ++k) want += a[m * 16 + k] * b[k * 8 + n];  // small integers: exact
      EXPECT_EQ(d[m * 8 + n], want) << "D[" << m << "][" << n << "]";
    }
  // The A fragment: reg r of lane l holds rows g (+8 for r = 1, 3), columns 2t, 2t+1 (+8 for r >= 2).
  using Half = std::conditional_t<BF16, simt::bfloat16, simt::half>;
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned r = 0; r < 4; ++r) {
      const unsigned row = lane / 4 + (r % 2) * 8, col = 2 * (lane % 4) + (r / 2) * 8;
      const unsigned lo = std::bit_cast<std::uint16_t>(Half(a[row * 16 + col]));
      const unsigned hi = std::bit_cast<std::uint16_t>(Half(a[row * 16 + col + 1]));
      EXPECT_EQ(regs[4 * lane + r], lo | hi << 16) << "lane " << lane << " reg " << r;
    }
}

TEST(HostMma, HalfPrecisionTileProduct) { check_tile_product<false>(); }
TEST(HostMma, BFloat16TileProduct) { check_tile_product<true>(); }

// stmatrix, ldmatrix's inverse: lane l's register (2l, 2l + 1) lands in row l / 4, columns
// 2(l % 4), +1 of an 8 x 8 matrix, so element (r, c) is 8r + c; transposed, 8c + r. Then the
// 16 x 16 A tile through ldmatrix_x4 and back through stmatrix_x4 (and its transposed pair)
// comes back unchanged.
void store_matrices(simt::DisjointSlice<std::uint16_t> plain, simt::DisjointSlice<std::uint16_t> trans,
                    simt::DisjointSlice<std::uint16_t> round_trip, simt::DisjointSlice<std::uint16_t> round_trip_t) {
  simt::SharedArray<std::uint16_t, 64, 16> p, t;
  simt::SharedArray<std::uint16_t, 256, 16> tile, back, back_t;
  const unsigned lane = simt::warp::lane_id();
  for (std::size_t k = lane; k < 256; k += 32) [[simt::unsafe]] { tile.at_mut(k) = std::uint16_t(3 * k + 1); }
  simt::sync_threads();
  [[simt::unsafe]] {  // one warp; each lane passes one 16-byte row of each matrix
    const std::uint32_t reg = (2 * lane) | (2 * lane + 1) << 16;
    simt::mma::stmatrix_x1(p.data() + lane % 8 * 8, reg);
    simt::mma::stmatrix_x1_trans(t.data() + lane % 8 * 8, reg);
    const std::size_t row = (lane % 16) * 16 + (lane / 16) * 8;
    const simt::mma::FragmentA fa = simt::mma::ldmatrix_x4(tile.data() + row);
    simt::mma::stmatrix_x4(back.data() + row, fa.reg[0], fa.reg[1], fa.reg[2], fa.reg[3]);
    const simt::mma::FragmentA ft = simt::mma::ldmatrix_x4_trans(tile.data() + row);
    simt::mma::stmatrix_x4_trans(back_t.data() + row, ft.reg[0], ft.reg[1], ft.reg[2], ft.reg[3]);
  }
  simt::sync_threads();
  [[simt::unsafe]] {
    for (std::size_t k = lane; k < 64; k += 32) plain.at_mut(k) = p[k], trans.at_mut(k) = t[k];
    for (std::size_t k = lane; k < 256; k += 32) round_trip.at_mut(k) = back[k], round_trip_t.at_mut(k) = back_t[k];
  }
}

TEST(HostMma, StmatrixIsLdmatrixBackwards) {
  std::vector<std::uint16_t> plain(64), trans(64), round_trip(256), round_trip_t(256);
  simt::host::launch_1d(1, 32, store_matrices, simt::host::disjoint(plain), simt::host::disjoint(trans),
                        simt::host::disjoint(round_trip), simt::host::disjoint(round_trip_t));
  for (unsigned r = 0; r < 8; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      EXPECT_EQ(plain[8 * r + c], 8 * r + c) << "(" << r << ", " << c << ")";
      EXPECT_EQ(trans[8 * r + c], 8 * c + r) << "(" << r << ", " << c << ") transposed";
    }
  for (unsigned k = 0; k < 256; ++k) {
    EXPECT_EQ(round_trip[k], 3 * k + 1) << k;
    EXPECT_EQ(round_trip_t[k], 3 * k + 1) << k << " transposed";
  }
}

}  // namespace

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

}  // namespace

// The 2-D index spaces on the host reference: each thread of a 2-D launch owns the element at
// its (global y, global x) in the slice's own row width, threads past the width own nothing,
// an index taken from one slice addresses another slice in that slice's width (still one
// element per thread), and under a launch with threads in z, or with a row width that does not
// fit in 32 bits, no thread owns anything.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using simt::host::Extent;
using Rows = simt::DisjointSlice<int, simt::space::RuntimeRows>;

constexpr int kUntouched = -7;

// Writes row * 1000 + col into its element of `a`, and 1 into its element of `b` through the
// same index (b may have another row width).
void fill(Rows a, Rows b) {
  auto i = simt::thread::index_2d_runtime(a);
  if (auto e = a.get_mut(i)) *e = int(i.row() * 1000 + i.col());
  if (auto e = b.get_mut(i)) *e += 1;
}

// The grid covers 24 x 8 points; the slices are narrower, so some threads own nothing.
TEST(HostIndexSpace, RuntimeRowsOwnsOneElementPerPointInEachSlicesWidth) {
  const std::size_t width_a = 21, rows_a = 5, width_b = 7, rows_b = 8;
  std::vector<int> a(width_a * rows_a - 3, kUntouched), b(width_b * rows_b, 0);  // a's last row is short
  simt::host::launch(Extent{3, 2, 1}, Extent{8, 4, 1}, fill, simt::host::disjoint_rows(a, width_a),
                     simt::host::disjoint_rows(b, width_b));
  for (std::size_t k = 0; k < a.size(); ++k)
    EXPECT_EQ(a[k], int((k / width_a) * 1000 + k % width_a)) << "a[" << k << "]";
  for (std::size_t k = 0; k < b.size(); ++k) EXPECT_EQ(b[k], 1) << "b[" << k << "]";  // written once
}

void mark(Rows out, simt::DisjointSlice<std::uint64_t> coords) {
  auto i = simt::thread::index_2d_runtime(out);
  if (auto e = out.get_mut(i)) *e = 1;
  // Each thread records what its index says, at its position in the block (one block here).
  const std::size_t t =
      (simt::thread::index_z() * simt::block::dim_y() + simt::thread::index_y()) * simt::block::dim_x() +
      simt::thread::index_x();
  coords.at_mut(2 * t) = i.row();
  coords.at_mut(2 * t + 1) = i.col();
}

// Threads of different z would share (row, col): under such a launch every index is invalid.
TEST(HostIndexSpace, RuntimeRowsOwnsNothingUnderALaunchWithThreadsInZ) {
  std::vector<int> out(4 * 4, kUntouched);
  std::vector<std::uint64_t> coords(2 * 4 * 4 * 2, 0);
  simt::host::launch(Extent{1, 1, 1}, Extent{4, 4, 2}, mark, simt::host::disjoint_rows(out, 4),
                     simt::host::disjoint(coords));
  for (int v : out) EXPECT_EQ(v, kUntouched);
  for (std::uint64_t c : coords) EXPECT_EQ(c, SIZE_MAX);
}

// A row width beyond 32 bits (the launchers bind 32-bit widths) owns nothing rather than
// wrapping: 2^32 + 3 is not read as 3.
TEST(HostIndexSpace, RuntimeRowsWithAWidthBeyond32BitsOwnsNothing) {
  std::vector<int> out(64, kUntouched);
  std::vector<std::uint64_t> coords(2 * 4 * 4, 0);
  simt::host::launch(Extent{1, 1, 1}, Extent{4, 4, 1}, mark, simt::host::disjoint_rows(out, (std::size_t(1) << 32) + 3),
                     simt::host::disjoint(coords));
  for (int v : out) EXPECT_EQ(v, kUntouched);
  for (std::size_t t = 0; t < 16; ++t) {  // the coordinates themselves are the thread's
    EXPECT_EQ(coords[2 * t], t / 4);
    EXPECT_EQ(coords[2 * t + 1], t % 4);
  }
}

}  // namespace

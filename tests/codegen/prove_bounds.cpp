// Bounds checks proven from the kernel's guards and its contract's requirements disappear
// (compiler/codegen/prove_bounds.cpp, contract_facts.cpp); every check whose index the facts
// do not bound stays and traps. Each kernel reads one element of `in`; the proven ones have no
// trap left, the others keep exactly one.
// RUN: %simtc build %s --no-fault-report -o - | FileCheck %s
// RUN: %simtc build %s -o %t.ptx --ptxas
#include <simt/kernel.hpp>

#define READ_KERNEL(name, ...) [[kernel, simt::block(256), ##__VA_ARGS__]] void name
#define FACT simt::requires("in.size() >= rows * cols")

// The 2-D index under its own guards: r * cols + c <= (rows - 1) * cols + cols - 1.
READ_KERNEL(guarded, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// A neighbour to the left, guarded by c > 0: c - 1 does not wrap.
READ_KERNEL(left_neighbour, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                  simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols && c > 0)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + (c - 1)];
}

// The row above, in 64-bit arithmetic, guarded by r != 0, through a helper.
float at(simt::Slice<const float> in, size_t r, size_t c, uint32_t cols) { return in[r * cols + c]; }
READ_KERNEL(helper_row_above, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                    simt::DisjointSlice<float> out) {
  const size_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols && r != 0)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = at(in, r - 1, c, cols);
}

// Guarded by an early return instead of an if.
READ_KERNEL(early_return, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r >= rows || c >= cols) return;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// A second requirement bounds `cols` from above: it is not taken for `cols` in the 2-D index,
// so both reads are proven.
READ_KERNEL(weights, simt::requires("in.size() >= rows * cols", "w.size() >= cols"))(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                                              simt::Slice<const float> w, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c] * w[c];
}

// The 2-D index in 32-bit arithmetic, as CUDA code writes it: a sum or product that wraps is
// smaller than the true one, so the bound of the 64-bit form holds for it too.
READ_KERNEL(index_32bit, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + c];
}

// The column computed and guarded in 64 bits (blockIdx.x * 256 does not wrap there), then
// narrowed to 32 bits for the index: dropping high bits never makes a value larger, so the
// 64-bit guard bounds the 32-bit column.
READ_KERNEL(narrowed_column, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                   simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t wide = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  if (r < rows && wide < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + uint32_t(wide)];
}

// No requirement: nothing says how large `in` is.
READ_KERNEL(no_requirement)(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// Off by one: r <= rows lets r * cols + c reach rows * cols.
READ_KERNEL(off_by_one, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r <= rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// The left neighbour without c > 0: c - 1 wraps around to 2^32 - 1 at c == 0.
READ_KERNEL(unguarded_left, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                  simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + (c - 1)];
}

// The same in 32 bits: at r == 0, c == 0 the index is 2^32 - 1, past an `in` of fewer elements.
READ_KERNEL(unguarded_left_32bit, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                        simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + c - 1];
}

// A difference after a 32-bit product: r * cols may wrap to 0, and 0 - 1 is 2^32 - 1, past
// the end (lower bounds go only through steps that cannot wrap). In 64 bits it is proven.
READ_KERNEL(product_minus_one_32bit, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                           simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r >= 1 && r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols - 1];
}
READ_KERNEL(product_minus_one, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                     simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r >= 1 && r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols - 1];
}

// The requirement is about another slice.
READ_KERNEL(other_slice, simt::requires("out.size() >= rows * cols"))(uint32_t rows, uint32_t cols,
                                                                      simt::Slice<const float> in,
                                                                      simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// Rows and columns swapped in the index: r * rows + c is not below rows * cols.
READ_KERNEL(swapped, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * rows + c];
}

// The guard is on a value the index does not use after it changed: r + 1 may equal rows.
READ_KERNEL(stale_guard, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                               simt::DisjointSlice<float> out) {
  uint32_t r = simt::block::index_y();
  const uint32_t c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols) {
    r += 1;
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
  }
}

// A requirement one element short: the last row's last element may be past the end.
READ_KERNEL(requirement_minus_one, simt::requires("in.size() + 1 >= rows * cols"))(uint32_t rows, uint32_t cols,
                                                                                  simt::Slice<const float> in,
                                                                                  simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y(), c = simt::block::index_x() * 256 + simt::thread::index_x();
  if (r < rows && c < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[size_t(r) * cols + c];
}

// A narrowed column whose 64-bit guard is one too weak (wide <= cols): the index may reach
// rows * cols.
READ_KERNEL(narrowed_off_by_one, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                       simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t wide = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  if (r < rows && wide <= cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + uint32_t(wide)];
}

// The neighbour to the right narrowed after the step: wide + 1 may equal cols.
READ_KERNEL(narrowed_right_neighbour, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                            simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t wide = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  if (r < rows && wide < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + uint32_t(wide + 1)];
}

// Four elements from one 16-byte load under `c + 3 < cols`: c + 3 does not wrap (an nuw or
// disjoint sum), so the guard bounds c itself by cols - 4 and the load's last element by
// rows * cols - 1.
READ_KERNEL(vector_offset_guard, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                       simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t c = (size_t(simt::block::index_x()) * 256 + simt::thread::index_x()) * 4;
  if (r < rows && c + 3 < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) {
      const simt::Vec<float, 4> v = in.load<4>(size_t(r) * cols + c);
      *o = v[0] + v[3];
    }
}

// One short: c + 2 < cols leaves the fourth element at c + 3 == cols possible.
READ_KERNEL(vector_offset_guard_short, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                             simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t c = (size_t(simt::block::index_x()) * 256 + simt::thread::index_x()) * 4;
  if (r < rows && c + 2 < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) {
      const simt::Vec<float, 4> v = in.load<4>(size_t(r) * cols + c);
      *o = v[0] + v[3];
    }
}

// The vector at column j = c + 4096 (a disjoint or of the thread's 4t), under `j < cols` and
// then `j + 3 < cols`: j's own guard says only j <= cols - 1, but the inner one bounds c by
// cols - 4100, so j by cols - 4 and the load's last element by rows * cols - 1.
READ_KERNEL(vector_nested_guards, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                        simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const uint32_t j = simt::thread::index_x() * 4 + 4096;
  if (r < rows && j < cols)
    if (j + 3 < cols)
      if (auto o = out.get_mut(simt::thread::index_1d())) {
        const simt::Vec<float, 4> v = in.load<4>(size_t(r) * cols + j);
        *o = v[0] + v[3];
      }
}

// The same one short: `j + 2 < cols` leaves the fourth element at rows * cols possible.
READ_KERNEL(vector_nested_guards_short, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                              simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const uint32_t j = simt::thread::index_x() * 4 + 4096;
  if (r < rows && j < cols)
    if (j + 2 < cols)
      if (auto o = out.get_mut(simt::thread::index_1d())) {
        const simt::Vec<float, 4> v = in.load<4>(size_t(r) * cols + j);
        *o = v[0] + v[3];
      }
}

// The column in 64 bits, narrowed to 32 after its guards (jacobi_strip's left neighbour):
// x = uint32_t(gx) with gx < cols fits, so `gx > 0` makes x at least 1 and x - 1 does not wrap.
READ_KERNEL(left_neighbour_narrowed, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                           simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t gx = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  if (r < rows && gx < cols && gx > 0) {
    const uint32_t x = uint32_t(gx);
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + (x - 1)];
  }
}

// The same with a column that may not fit 32 bits (a 64-bit start from the caller): gx = 2^32
// passes `gx > 0` and narrows to x = 0, so x - 1 wraps and the check stays.
READ_KERNEL(left_neighbour_narrowed_wide, FACT)(uint32_t rows, uint32_t cols, uint64_t start,
                                                simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  const size_t gx = start + simt::thread::index_x();
  if (r < rows && gx > 0 && uint32_t(gx) < cols) {
    const uint32_t x = uint32_t(gx);
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + (x - 1)];
  }
}

// A 32-bit start from the caller: start + 3 may wrap (start = 2^32 - 2 passes the guard), so
// the guard says nothing about start.
READ_KERNEL(vector_offset_guard_wraps, FACT)(uint32_t rows, uint32_t cols, uint32_t start, simt::Slice<const float> in,
                                             simt::DisjointSlice<float> out) {
  const uint32_t r = simt::block::index_y();
  if (r < rows && start + 3 < cols)
    if (auto o = out.get_mut(simt::thread::index_1d())) {
      const simt::Vec<float, 4> v = in.load<4>(size_t(r) * cols + start);
      *o = v[0] + v[3];
    }
}

// A column under the end of a window, either the row's end or a minimum of something and the
// row's end (examples/transpose): both arms of the select are at most cols, so c < cols.
READ_KERNEL(window_end, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                              simt::DisjointSlice<float> out) {
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  const size_t c = start + simt::thread::index_x() % 64;
  const bool last = start + 64 >= cols;
  const size_t end = last ? size_t(cols) : (start + 64 < cols ? start + 64 : size_t(cols));
  if (r < rows && c < end)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + c];
}

// One arm not bounded by cols (start + 65 may pass it): the check stays.
READ_KERNEL(window_end_loose, FACT)(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                                    simt::DisjointSlice<float> out) {
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  const size_t c = start + simt::thread::index_x() % 64;
  const bool last = start + 64 >= cols;
  const size_t end = last ? size_t(cols) : start + 65;
  if (r < rows && c < end)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = in[r * cols + c];
}

// A shifted window over a shared tile (examples/transpose's write phase): window column j of
// output row `row` reads tile row j + 8 - s, s = (row * rows) mod 8, which LLVM tests as
// `j - s > 63` in signed arithmetic; j < 64 makes that false however negative j - s is. With a
// third window pass (j up to 95) its check stays.
#define SHIFTED_WINDOW(name, width)                                                                 \
  [[kernel, simt::block(32, 8), simt::requires("out.size() >= rows * cols")]]                       \
  void name(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {                         \
    if (simt::block::index_z() != 0) return;                                                        \
    const size_t col0 = size_t(simt::block::index_x()) * 64, row0 = size_t(simt::block::index_y()) * 64; \
    if (row0 >= rows) return;                                                                       \
    simt::SharedTile<float, 72, 65> tile;                                                           \
    const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();                      \
    for (uint32_t k = 0; k < 72; k += 8)                                                            \
      for (uint32_t h = 0; h < 64; h += 32) tile.at_mut(ty + k, tx + h) = float(k + h);             \
    simt::sync_threads();                                                                           \
    const bool last = row0 + 64 >= rows;                                                            \
    for (uint32_t k = 0; k < 64; k += 8) {                                                          \
      const size_t row = col0 + ty + k;                                                             \
      if (row >= cols) continue;                                                                    \
      const size_t s = (row * rows) & 7, up = 8 - s, end = last ? rows : row0 + 64 - s;             \
      for (uint32_t h = 0; h < width; h += 32) {                                                    \
        const size_t j = tx + h, c = row0 + j - s;                                                  \
        if (row0 + j >= s && c < end && c < rows) out.at_mut(row * rows + c) = tile(j + up, ty + k); \
      }                                                                                             \
    }                                                                                               \
  }
SHIFTED_WINDOW(shifted_window, 64)
SHIFTED_WINDOW(shifted_window_third, 96)

// CHECK-LABEL: .entry guarded(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry left_neighbour(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry helper_row_above(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry early_return(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry weights(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry index_32bit(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry narrowed_column(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry no_requirement(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry off_by_one(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry unguarded_left(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry unguarded_left_32bit(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry product_minus_one_32bit(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry product_minus_one(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry other_slice(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry swapped(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry stale_guard(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry requirement_minus_one(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry narrowed_off_by_one(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry narrowed_right_neighbour(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry vector_offset_guard(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry vector_offset_guard_short(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry vector_nested_guards(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry vector_nested_guards_short(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry left_neighbour_narrowed(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry left_neighbour_narrowed_wide(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry vector_offset_guard_wraps(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry window_end(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry window_end_loose(
// CHECK:       trap;
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry shifted_window(
// CHECK-NOT:   trap;
// CHECK-LABEL: .entry shifted_window_third(
// CHECK:       trap;
// CHECK-NOT:   trap;

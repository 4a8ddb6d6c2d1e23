// Kernels with launch contracts for the GPU tests (contracts_gpu_test.cpp). Compiled twice:
// by simtc for the GPU, and by the host compiler as the CPU reference (the contract
// attributes are ignored there).
#include <simt/kernel.hpp>

// out = a * x + y on the first n elements; the rest of out is left alone.
[[kernel, simt::block(256), simt::requires("x.size() >= n", "y.size() >= n", "out.size() >= n")]]
void saxpy_n(uint32_t n, float a, simt::Slice<const float> x, simt::Slice<const float> y,
             simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  if (auto o = out.get_mut(i)) *o = a * x[i.get()] + y[i.get()];
}

// out[r][c] = in[r][c] * scale[r], on a matrix whose row width the host binds at launch.
[[kernel, simt::block(32, 8),
  simt::requires("out.size() == rows * out.row_width()", "in.size() >= out.size()", "scale.size() >= rows")]]
void scale_rows(uint32_t rows, simt::Slice<const float> in, simt::Slice<const float> scale,
                simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  auto i = simt::thread::index_2d_runtime(out);
  if (i.row() >= rows) return;
  if (auto o = out.get_mut(i)) *o = in[i.get()] * scale[i.row()];
}

// The same with a compile-time row width of 100 columns.
[[kernel, simt::max_threads(256), simt::requires("out.size() == rows * 100", "in.size() >= out.size()")]]
void offset_rows100(uint32_t rows, simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<100>> out) {
  auto i = simt::thread::index_2d<100>();
  if (i.row() >= rows) return;
  if (auto o = out.get_mut(i)) *o = in[i.get()] + float(i.row());
}

// Each thread writes a tile of 4 consecutive elements: out[4t + k] = t * 10 + k.
[[kernel, simt::max_threads(1024)]]
void tiles4(simt::DisjointSlice<int, simt::space::Tile<4>> out) {
  auto i = simt::thread::index_tile<4>();
  if (auto tile = out.get_mut(i))
    for (size_t k = 0; k < tile.size(); ++k) tile[k] = int(i.get() / 4 * 10 + k);
}

// Each thread reads its tile of 4 as one value and writes back out[4t + k] * 3 + t: one vector
// load and store where the tile is whole and 16-byte aligned, element by element otherwise.
[[kernel, simt::max_threads(1024)]]
void tiles4_vector(simt::DisjointSlice<int, simt::space::Tile<4>> out) {
  auto i = simt::thread::index_tile<4>();
  const int t = int(i.get() / 4);
  if (auto tile = out.get_mut(i)) {
    simt::Vec<int, 4> v = tile.load();
    for (uint32_t k = 0; k < 4; ++k) v.elements[k] = v.elements[k] * 3 + t;
    tile.store(v);
  }
}

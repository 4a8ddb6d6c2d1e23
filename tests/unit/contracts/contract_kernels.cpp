// Kernels with launch contracts, compiled by simtc at build time; the tests load their PTX into
// the fake driver and exercise the generated prepare_<kernel>() and checked launchers.
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("x.size() >= n", "y.size() >= n")]]
void saxpy_n(uint32_t n, float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  if (auto out = y.get_mut(i)) *out = a * x[i.get()] + *out;
}

[[kernel, simt::max_threads(512), simt::requires("out.size() == rows * out.row_width()")]]
void fill_rows(uint32_t rows, simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  auto i = simt::thread::index_2d_runtime(out);
  if (auto e = out.get_mut(i)) *e = float(i.row() * 1000 + i.col());
}

[[kernel, simt::max_threads(1024), simt::dynamic_shared(1024, 250000), simt::min_arch(80),
  simt::requires("n * 4 <= out.size() + 0")]]
void staged(uint64_t n, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto e = out.get_mut(i)) *e = int(i.get());
}

// No contract: only raw_unchecked() exists.
[[kernel]] void raw(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto e = out.get_mut(i)) *e = 1;
}

// Remainders and addresses in requirements: both slices 16-byte aligned, n a multiple of 4.
[[kernel, simt::block(64),
  simt::requires("x.address() % 16 == 0", "y.address() % 16 == 0", "n % 4 == 0", "x.size() >= n", "y.size() >= n")]]
void aligned_copy(uint32_t n, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  auto i = simt::thread::index_1d();
  if (i.get() < n)
    if (auto out = y.get_mut(i)) *out = x[i.get()];
}

// Runs in clusters of two blocks (.reqnctapercluster 2, 1, 1): the grid is whole clusters.
[[kernel, simt::block(128), simt::cluster(2)]] void paired(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto e = out.get_mut(i)) *e = 2.0f;
}

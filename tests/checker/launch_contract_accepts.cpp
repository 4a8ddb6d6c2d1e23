// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Well-formed contracts: every attribute, a kernel template whose block depends on its
// argument, and a kernel whose contract is only a requirement.
#include <simt/kernel.hpp>

[[kernel, simt::block(128, 2), simt::min_blocks_per_sm(4), simt::dynamic_shared(0, 65536),
  simt::min_arch(80), simt::requires("x.size() >= n * 2 + 1", "out.size() == n", "n != 0")]]
void full(uint64_t n, simt::Slice<const float> x, simt::DisjointSlice<float, simt::space::Rows<128>> out) {
  auto i = simt::thread::index_2d<128>();
  if (auto o = out.get_mut(i)) *o = x[i.get()];
}

template <uint32_t Block>
[[kernel, simt::max_threads(Block), simt::requires("out.size() >= (rows + 1) * out.row_width()")]]
void rows(uint32_t rows, simt::DisjointSlice<int, simt::space::RuntimeRows> out) {
  auto i = simt::thread::index_2d_runtime(out);
  if (auto o = out.get_mut(i)) *o = int(i.row());
}
template void rows<256>(uint32_t, simt::DisjointSlice<int, simt::space::RuntimeRows>);

[[kernel, simt::requires("0x10 <= a.size()")]] void only_requires(simt::DisjointSlice<int> a) {}
[[kernel, simt::requires]] void checked_launch_only(simt::DisjointSlice<int> a) {}

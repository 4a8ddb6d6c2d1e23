// The kernels the host files of tests/cli/host_alias.test launch: one with an input and an
// output, one with two inputs and an output, one with an input and counters.
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("in.size() >= out.size()")]]
void scale(float a, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a * in[i.get()];
}

[[kernel, simt::block(256), simt::requires("a.size() >= out.size()", "b.size() >= out.size()")]]
void add(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] + b[i.get()];
}

[[kernel, simt::block(256)]]
void tally(simt::Slice<const unsigned> in, simt::AtomicSlice<unsigned> hits) {
  auto i = simt::thread::index_1d();
  if (i.get() < in.size() && hits.size() > 0) hits[in[i.get()] % hits.size()].fetch_add(1u);
}

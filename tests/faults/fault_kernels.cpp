// Kernels that fail a check on purpose, for fault_report_test.cpp: the report must name the
// line and column below, the view, the index and size, and the block and thread. The test
// knows these lines; keep them where they are.
#include <simt/kernel.hpp>

float element(simt::Slice<const float> values, simt::size_t k) {
  return values[k];
}

[[kernel, simt::block(256)]]
void shifted(simt::Slice<const float> in, simt::DisjointSlice<float> out, unsigned shift) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = in[i.get() + shift];
}

[[kernel, simt::block(128)]]
void through_helper(simt::Slice<const float> in, simt::DisjointSlice<float> out, unsigned shift) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = element(in, i.get() + shift);
}

[[kernel, simt::block(256)]]
void local_table(simt::Slice<const unsigned> keys, simt::DisjointSlice<float> out) {
  float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = table[keys[i.get()]];
}

[[kernel, simt::block(256)]]
void asserting(simt::Slice<const float> in, simt::DisjointSlice<float> out, float limit) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float v = in[i.get()];
    SIMT_ASSERT(v < limit);
    *o = v;
  }
}

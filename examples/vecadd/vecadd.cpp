// c = a + b, two ways.
//
// vecadd: one element per thread, the simplest kernel there is (the tutorial's).
//
// vecadd_x4: four consecutive elements per thread, read and written with 16-byte accesses
// (ld.global.nc.v4 / st.global.v4) where the elements are 16-byte aligned, element accesses for
// the last, partial tile. A memory-bound kernel is as fast as the bytes it keeps in flight: a
// thread of vecadd has 8 bytes of loads outstanding, one of vecadd_x4 32, which is what the
// memory system needs to stream at copy speed (docs/performance.md). This is the one the
// benchmark measures.
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::requires("a.size() >= c.size()", "b.size() >= c.size()")]]
void vecadd(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> c) {
  auto i = simt::thread::index_1d();
  if (auto out = c.get_mut(i)) *out = a[i.get()] + b[i.get()];
}

// Launch it over (c.size() + 3) / 4 threads: thread t owns elements 4t .. 4t + 3 of c.
[[kernel, simt::block(128), simt::requires("a.size() >= c.size()", "b.size() >= c.size()")]]
void vecadd_x4(simt::Slice<const float> a, simt::Slice<const float> b,
               simt::DisjointSlice<float, simt::space::Tile<4>> c) {
  auto i = simt::thread::index_tile<4>();
  if (auto out = c.get_mut(i)) {
    // The tile's first element is inside c, so inside a and b; load_partial reads T{} past
    // their ends, and the store writes only the tile's out.size() elements inside c.
    const simt::Vec<float, 4> va = a.load_partial<4>(i.get()), vb = b.load_partial<4>(i.get());
    simt::Vec<float, 4> sum;
    for (uint32_t k = 0; k < 4; ++k) sum.elements[k] = va[k] + vb[k];
    out.store(sum);
  }
}

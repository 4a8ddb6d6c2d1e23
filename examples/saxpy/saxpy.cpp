// y = a * x + y, two ways.
//
// saxpy: one element per thread (the tutorial's kernel).
//
// saxpy_x4: four consecutive elements per thread, read and written with 16-byte accesses where
// the elements are 16-byte aligned, element accesses for the last, partial tile. A thread keeps
// 32 bytes of loads in flight instead of 8, which is what the memory system needs to stream at
// copy speed (docs/performance.md, "saxpy"). This is the one the benchmark measures.
//
// The contract: blocks of exactly 256 threads (checked on the host, and by the driver through
// .reqntid), and x at least as long as y, so no thread's x[i] can trap.
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("x.size() >= y.size()")]]
void saxpy(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  auto i = simt::thread::index_1d();         // unforgeable per-thread witness
  if (auto out = y.get_mut(i))               // empty for threads past the end
    *out = a * x[i.get()] + *out;            // x[...] is bounds-checked
}

// Launch it over (y.size() + 3) / 4 threads: thread t owns elements 4t .. 4t + 3 of y.
[[kernel, simt::block(256), simt::requires("x.size() >= y.size()")]]
void saxpy_x4(float a, simt::Slice<const float> x, simt::DisjointSlice<float, simt::space::Tile<4>> y) {
  auto i = simt::thread::index_tile<4>();
  if (auto out = y.get_mut(i)) {
    // The tile's first element is inside y, so inside x; load_partial reads 0 past x's end,
    // out.load() reads 0 past y's, and the store writes only the tile's elements inside y.
    const simt::Vec<float, 4> vx = x.load_partial<4>(i.get());
    simt::Vec<float, 4> vy = out.load();
    for (uint32_t k = 0; k < 4; ++k) vy.elements[k] = a * vx[k] + vy[k];
    out.store(vy);
  }
}

// y = a * x + y, one element per thread.
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

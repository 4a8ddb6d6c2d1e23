// y = a * x + y, one element per thread.
#include <simt/kernel.hpp>

[[kernel]] void saxpy(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  auto i = simt::thread::index_1d();         // unforgeable per-thread witness
  if (auto out = y.get_mut(i))               // empty for threads past the end
    *out = a * x[i.get()] + *out;            // x[...] is bounds-checked
}

// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Writes to the thread's own locals (mutable members included) and through get_mut.
#include <simt/kernel.hpp>

struct Counter {
  mutable int reads = 0;
  int read() const { return reads; }
};

[[kernel]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  const Counter c;
  ++c.reads;
  float sum = 0.0f;
  sum += in[i.get()];
  if (auto o = out.get_mut(i)) {
    *o = sum;
    *o += float(c.read());
  }
}

// corpus: racy simt-raw-pointer | const_cast of a read-only element that every thread writes
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  if (in.size() > 0) const_cast<float&>(in[0]) = 1.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 0.0f;
}

// An error of irgen only, with a rule id.
#include <simt/kernel.hpp>
[[kernel]] void k(simt::Slice<const unsigned> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned y = in[i.get()];
  switch (y) {
    case 0 ... 1000: y = 1; break;
    default: break;
  }
  if (auto o = out.get_mut(i)) *o = y;
}

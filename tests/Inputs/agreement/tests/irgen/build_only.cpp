// An error of irgen only, with a rule id.
#include <simt/kernel.hpp>
[[kernel]] void k(simt::Slice<const unsigned> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned y = __builtin_ctz(in[i.get()]);
  if (auto o = out.get_mut(i)) *o = y;
}

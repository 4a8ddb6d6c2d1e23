// An error only build reports, with a rule id (made by the fixture's simtc).
#include <simt/kernel.hpp>
[[kernel]] void k(simt::Slice<const unsigned> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned y = in[i.get()];  // fixture build error: a lowering limit [simt-language-subset]
  if (auto o = out.get_mut(i)) *o = y;
}

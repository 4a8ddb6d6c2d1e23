// RUN: not %simtc build %s --arch sm_75 -o %t.ptx
// An error only build reports, without a rule id (made by the fixture's simtc).
#include <simt/kernel.hpp>
[[kernel]] void k(simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = 1;  // fixture build error: an error of code generation
}

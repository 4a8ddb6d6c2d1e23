// RUN: not %simtc build %s --arch sm_75 -o %t.ptx
// An error of codegen only (the operation needs sm_80), without a rule id.
#include <simt/kernel.hpp>
[[kernel]] void k(simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  unsigned total = simt::warp::redux_add(simt::warp::full_mask, unsigned(i.get()));
  if (auto o = out.get_mut(i)) *o = total;
}

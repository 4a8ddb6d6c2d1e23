// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// An index passed by reference to helpers, returned from one, captured by reference.
#include <simt/kernel.hpp>

simt::ThreadIndex<> my_index() { return simt::thread::index_1d(); }
void store(simt::DisjointSlice<int>& out, const simt::ThreadIndex<>& i, int v) {
  if (auto o = out.get_mut(i)) *o = v;
}

[[kernel]] void k(simt::DisjointSlice<int> out) {
  auto i = my_index();
  store(out, i, 1);
  auto twice = [&](int v) { store(out, i, 2 * v); };
  twice(3);
}

// RUN: %simtc check %s 2>&1 | count 0
#include <simt/kernel.hpp>

int host_only(int x) {
  if (x < 0) throw x;
  return x;
}
int helper(int x) { return x * 2; }
[[kernel]] void k(simt::DisjointSlice<int> out, int x) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = helper(x);
}

// corpus: race-free | the index passed by reference to a helper and captured by reference in a lambda
#include <simt/kernel.hpp>

void put(simt::DisjointSlice<int>& out, const simt::ThreadIndex<>& i, int v) {
  if (auto o = out.get_mut(i)) *o = v;
}

[[kernel]] void k(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  put(out, i, 1);
  auto again = [&](int v) { put(out, i, v * 2); };
  again(3);
}

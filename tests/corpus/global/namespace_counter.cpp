// corpus: racy simt-global-variable | every thread increments a mutable namespace-scope counter
#include <simt/kernel.hpp>

uint32_t calls = 0;

[[kernel]] void k(simt::DisjointSlice<uint32_t> out) {
  calls += 1;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = calls;
}

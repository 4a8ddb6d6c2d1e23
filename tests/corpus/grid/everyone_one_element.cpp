// corpus: racy simt-global-race | every thread of the launch writes element 0
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float> out) { out.at_mut(0) = float(simt::thread::index_x()); }

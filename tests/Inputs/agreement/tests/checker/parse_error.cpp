// Clang's own error, without a rule id, that check and build report alike: they agree.
#include <simt/kernel.hpp>
[[kernel]] void k(simt::DisjointSlice<int> out) { int x = }

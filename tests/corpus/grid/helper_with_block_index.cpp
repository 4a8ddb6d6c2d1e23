// corpus: racy simt-global-race | a helper takes a block-relative index, the block forgotten: every block writes the same part
#include <simt/kernel.hpp>

void put(simt::DisjointSlice<float>& s, uint32_t t, float v) { s.at_mut(t) = v; }
[[kernel, simt::block(32)]] void k(simt::DisjointSlice<float> out) { put(out, simt::thread::index_x(), 1.0f); }

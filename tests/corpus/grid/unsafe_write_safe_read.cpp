// corpus: racy simt-global-race | a Tier 2 write of element 0 against the safe reads of it by every thread
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  [[simt::unsafe]] { out.get_unchecked_mut(0) = 1.0f; }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = out[0];
}

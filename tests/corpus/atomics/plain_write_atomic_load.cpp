// corpus: racy simt-shared-race | owners write plainly, neighbours load atomically, no barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = t;
  const uint32_t v = s.atomic((t + 1) % 64).load(simt::relaxed, simt::block_scope);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

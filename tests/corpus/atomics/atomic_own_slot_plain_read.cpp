// corpus: race-free | each thread updates its own slot atomically and reads it back plainly
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = t;
  s.atomic(t).fetch_add(5u, simt::relaxed, simt::block_scope);
  const uint32_t v = s[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

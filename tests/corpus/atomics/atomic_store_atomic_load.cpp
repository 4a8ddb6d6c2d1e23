// corpus: race-free | owners store atomically, neighbours load atomically (both atomic)
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 64> s;
  const uint32_t t = simt::thread::index_x();
  s.atomic(t).store(t, simt::release, simt::block_scope);
  const uint32_t v = s.atomic((t + 1) % 64).load(simt::acquire, simt::block_scope);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

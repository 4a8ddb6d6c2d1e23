// corpus: racy simt-shared-race | thread 0 zeroes the counter with a plain write while others increment it
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (t == 0) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 0;
  }

  if (t % 3 == 0) s.atomic(0).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  const uint32_t v = t == 0 ? s[0] : 0;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

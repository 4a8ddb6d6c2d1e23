// corpus: race-free | an atomic ticket picks which published slot to read, after the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> data;
  simt::SharedArray<uint32_t, 1> next;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = data.get_mut(simt::thread::index_in_block())) *slot = float(t) * 0.5f;
  if (t == 0) next.atomic(0).store(0u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  const uint32_t ticket = next.atomic(0).fetch_add(1u, simt::relaxed, simt::block_scope);
  const float v = data[ticket % 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

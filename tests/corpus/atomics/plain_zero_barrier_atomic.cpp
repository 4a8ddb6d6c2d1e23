// corpus: race-free | plain zeroing of own bins, barrier, atomic updates, barrier, reads
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 64> bins;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = bins.get_mut(simt::thread::index_in_block())) *slot = 0;
  simt::sync_threads();
  if (t < in.size()) bins.atomic(in[t] % 64).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  const uint32_t v = bins[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

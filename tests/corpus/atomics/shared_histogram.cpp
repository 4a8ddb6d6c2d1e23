// corpus: race-free | shared histogram: atomic zeroing, barrier, atomic counts, barrier, plain reads
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 32> bins;
  const uint32_t t = simt::thread::index_x();
  if (t < 32) bins.atomic(t).store(0u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  for (size_t i = t; i < in.size(); i += 128) bins.atomic(in[i] % 32).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  const uint32_t v = bins[t % 32];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

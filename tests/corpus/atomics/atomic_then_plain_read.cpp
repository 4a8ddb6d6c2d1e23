// corpus: racy simt-shared-race | atomic updates and a plain read of the bins with no barrier between
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 16> bins;
  const uint32_t t = simt::thread::index_x();
  if (t < 16) bins.atomic(t).store(0u);
  simt::sync_threads();
  if (t < in.size()) bins.atomic(in[t] % 16).fetch_add(1u);
  const uint32_t v = bins[t % 16];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

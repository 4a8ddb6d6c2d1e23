// A 256-bin histogram of a byte array. Each block counts into its own copy of the histogram in
// shared memory (atomics on shared memory, block scope: fast and rarely contended across
// blocks), then adds its counts to the global histogram with one atomic per bin. Threads read
// 16 bytes at a time in a grid-stride loop.
#include <simt/kernel.hpp>

#include "histogram.hpp"

/// bins[v] += the number of bytes equal to v among the first n bytes of `data` (whose first
/// 16 * chunks.size() bytes `chunks` views).
[[kernel, simt::block(kBlock)]] void histogram(uint64_t n, simt::Slice<const Bytes16> chunks, simt::Slice<const uint32_t> data,
                          simt::AtomicSlice<uint32_t> bins) {
  simt::SharedArray<uint32_t, kBins> local;
  auto me = simt::thread::index_in_block();
  if (auto slot = local.get_mut(me)) *slot = 0;
  simt::sync_threads();

  const size_t stride = size_t(simt::grid::dim_x()) * kBlock;
  for (size_t c = size_t(simt::block::index_x()) * kBlock + me.get(); c < chunks.size(); c += stride) {
    const Bytes16 chunk = chunks[c];
    for (uint32_t w = 0; w < 4; ++w)
      for (uint32_t byte = 0; byte < 4; ++byte)
        local.atomic((chunk.w[w] >> (8 * byte)) & 0xFFu).fetch_add(1u, simt::relaxed, simt::block_scope);
  }
  // The last n % 16 bytes, one per thread of block 0.
  const uint64_t tail = 16 * uint64_t(chunks.size());
  if (simt::block::index_x() == 0 && tail + me.get() < n) {
    const uint64_t i = tail + me.get();
    local.atomic((data[i / 4] >> (8 * (i % 4))) & 0xFFu).fetch_add(1u, simt::relaxed, simt::block_scope);
  }
  simt::sync_threads();

  const uint32_t count = local[me.get()];
  if (count != 0) bins[me.get()].fetch_add(count);
}

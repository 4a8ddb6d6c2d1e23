// The kernels of the program tests/gpu/cli_tools.sh runs under `simtc sanitize` and `simtc run`.
// They are compiled with -lineinfo, so compute-sanitizer names their source lines, and with
// --unchecked-indexing, so that shift_left's read past the end of its input reaches the GPU
// (a bounds check would trap first) for memcheck to report.
#include <simt/kernel.hpp>

constexpr uint32_t kBlock = 256;

// out[i] = in[i + 1]: the last thread reads in[in.size()], one element past the end.
[[kernel]] void shift_left(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = in[i.get() + 1];
}

// out[b] = the sum of the kBlock elements of block b: a tree in shared memory with a barrier
// after every step (racecheck and synccheck find nothing).
[[kernel, simt::block(kBlock)]] void block_sum(simt::Slice<const float> in, simt::AtomicSlice<float> out) {
  simt::SharedArray<float, kBlock> partial;
  auto me = simt::thread::index_in_block();
  const size_t t = me.get();
  const size_t i = size_t(simt::block::index_x()) * kBlock + t;
  if (auto slot = partial.get_mut(me)) *slot = i < in.size() ? in[i] : 0.0f;
  simt::sync_threads();
  for (uint32_t half = kBlock / 2; half > 0; half /= 2) {
    if (t < half) {
      const float other = partial[t + half];
      if (auto slot = partial.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (t == 0) out[simt::block::index_x()].store(partial[0]);
}

// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Shared memory that threads share without racing: a barrier between one thread's write and
// another's read, accesses that are disjoint across threads, atomics, reads.
#include <simt/kernel.hpp>

using simt::SharedArray;

[[kernel, simt::block(256)]] void neighbour_after_barrier(simt::DisjointSlice<float> out) {
  SharedArray<float, 256> partial;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = partial.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = partial[(t + 1) % 256];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// Each thread of a 32 x 8 block loads its element of a 32 x 32 tile four times, then reads the
// transposed element after the barrier.
[[kernel, simt::block(32, 8)]] void transposed_tile(simt::Slice<const float> in, simt::AtomicSlice<float> out) {
  simt::SharedTile<float, 8, 32> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = in[ty * 32 + tx];
  simt::sync_threads();
  out[ty * 32 + tx].store(tile(tx % 8, ty * 4 + tx / 8));
}

[[kernel, simt::block(256)]] void tree_reduction(uint32_t n, simt::DisjointSlice<float> out) {
  SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t s = 128; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (t == 0 && n > 0) {
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = a[0];
  }
}

// The same tree over a size the launch gives: half = n / 2 at most.
[[kernel, simt::block(256)]] void tree_over_a_parameter(uint32_t n, simt::DisjointSlice<float> out) {
  SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  for (uint32_t s = n / 2; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = a[t];
}

// Read, barrier, write, barrier: iteration k's write and iteration k + 1's read are apart.
[[kernel, simt::block(128)]] void shift_in_a_loop(uint32_t n, simt::DisjointSlice<float> out) {
  SharedArray<float, 129> s;
  float x = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    x = s[simt::thread::index_x() + 1];
    simt::sync_threads();
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = x + 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = x;
}

[[kernel, simt::block(64)]] void only_atomics(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  SharedArray<uint32_t, 16> bins;
  const uint32_t t = simt::thread::index_x();
  bins.atomic(t % 16).store(0u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  for (size_t i = t; i < in.size(); i += 64) bins.atomic(in[i] % 16).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = bins[t % 16];
}

[[kernel, simt::block(64)]] void reads_only(simt::DisjointSlice<float> out) {
  SharedArray<float, 64> zeros;
  const uint32_t t = simt::thread::index_x();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = zeros[t] + zeros[63 - t] + zeros[0];
}

// Without a contract: any block shape, own slots in the dynamic shared memory.
[[kernel]] void own_slots_any_shape(simt::DisjointSlice<float> out) {
  auto scratch = simt::dynamic_shared<float>();
  auto me = simt::thread::index_in_block();
  if (auto slot = scratch.get_mut(me)) *slot = 2.0f;
  if (auto slot = scratch.get_mut(me)) *slot += 1.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = scratch[0];
}

// Both sides Tier 2: the programmer's obligation, not reported.
[[kernel, simt::block(64)]] void unsafe_both(simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  [[simt::unsafe]] {
    s.at_mut(0) = 1.0f;
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = s.get_unchecked(0);
  }
}

// A 2-D block: each thread loads its cell, then reads its four neighbours.
[[kernel, simt::block(16, 16)]] void stencil(simt::Slice<const float> in, simt::AtomicSlice<float> out) {
  simt::SharedTile<float, 16, 16> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  if (auto slot = tile.get_mut(simt::thread::index_in_block())) *slot = in[ty * 16 + tx];
  simt::sync_threads();
  if (tx > 0 && tx < 15 && ty > 0 && ty < 15)
    out[ty * 16 + tx].store(tile(ty - 1, tx) + tile(ty + 1, tx) + tile(ty, tx - 1) + tile(ty, tx + 1));
}

// Hillis-Steele scan: read, barrier, write, barrier in each round.
[[kernel, simt::block(256)]] void scan(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  for (uint32_t off = 1; off < 256; off <<= 1) {
    const float v = t >= off ? s[t - off] : 0.0f;
    simt::sync_threads();
    if (auto slot = s.get_mut(me)) *slot += v;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

// Reads in a block-stride loop after the barrier.
[[kernel, simt::block(128)]] void strided(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 1024> s;
  auto me = simt::thread::index_in_block();
  if (auto slot = s.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  float sum = 0.0f;
  for (uint32_t i = me.get(); i < n && i < 1024; i += 128) sum += s[i];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

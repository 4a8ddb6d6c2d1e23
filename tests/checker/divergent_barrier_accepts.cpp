// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Barriers every thread of the block reaches together.
#include <simt/kernel.hpp>

void helper() { simt::sync_threads(); }

[[kernel, simt::block(128)]] void on_the_block_index(uint32_t n) {
  if (simt::block::index_x() < n) simt::sync_threads();
}

[[kernel, simt::block(128)]] void on_a_parameter(uint32_t n, bool wait) {
  if (n > 4 && wait) helper();
}

[[kernel, simt::block(128)]] void in_a_uniform_loop(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) simt::sync_threads();
  for (uint32_t step = 64; step > 0; step /= 2) simt::sync_threads();
}

[[kernel, simt::block(128)]] void after_a_join(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 1> first;
  auto me = simt::thread::index_in_block();
  if (me.get() == 0) {
    if (auto slot = first.get_mut(me)) *slot = 7;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = first[0];
}

[[kernel, simt::block(128)]] void after_a_uniform_return(uint32_t blocks) {
  if (simt::block::index_x() >= blocks) return;
  simt::sync_threads();
}

[[kernel, simt::block(128)]] void after_a_thread_dependent_loop(uint32_t n, simt::Slice<const float> in,
                                                               simt::DisjointSlice<float> out) {
  float sum = 0.0f;
  for (size_t i = simt::thread::index_x(); i < n; i += 128) sum += in[i];  // bounds-checked reads
  simt::sync_threads();
  const bool all = simt::sync_threads_and(sum > 0.0f);
  if (all) simt::sync_threads();  // the barrier's result is the same in every thread
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

[[kernel, simt::block(128)]] void in_an_unsafe_block(uint32_t n) {
  // Tier 2: the programmer has checked that n is a multiple of the block size.
  if (simt::thread::index_x() < n) [[simt::unsafe]] { simt::sync_threads(); }
}

struct Params {
  uint32_t n;
  float scale;
};

[[kernel, simt::block(128)]] void thread_dependent_work_between_barriers(Params p, simt::DisjointSlice<float> out) {
  float acc = 0.0f;
  for (uint32_t i = 0; i < p.n; ++i) {
    if (simt::thread::index_x() < i) acc += p.scale;
    simt::sync_threads();
  }
  while (true) {
    if (simt::thread::index_x() < p.n) break;
    acc += 1.0f;
  }
  simt::sync_threads();  // every thread leaves the loop before it gets here
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

[[kernel]] void on_the_block_size(uint32_t n) {
  if (simt::block::dim_x() > n) simt::sync_threads();
}

constexpr uint32_t kSteps[4] = {1, 2, 3, 4};

// Read-only data at a block-uniform index is the same in every thread.
[[kernel, simt::block(128)]] void on_read_only_data(simt::Slice<const float> in, simt::Slice<const uint32_t> rounds) {
  if (in[0] > 0.0f) simt::sync_threads();
  for (uint32_t r = 0; r < rounds[simt::block::index_x()]; ++r) simt::sync_threads();
  for (uint32_t s = 0; s < kSteps[simt::block::index_x() % 4]; ++s) simt::sync_threads();
}

// The last block's test (examples/reduction): thread 0's atomic result, made the block's by a
// barrier that reduces it.
[[kernel, simt::block(128)]] void last_block_through_barrier_or(simt::AtomicSlice<uint32_t> arrived) {
  bool last = false;
  if (simt::thread::index_x() == 0) last = arrived[0].fetch_add(1u, simt::acq_rel) == simt::grid::dim_x() - 1;
  if (simt::sync_threads_or(last)) helper();
}

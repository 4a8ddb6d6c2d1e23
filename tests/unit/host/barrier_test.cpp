// Block barriers on the host reference: every thread of a block reaches sync_threads() before
// any goes on, the count/and/or forms reduce over the block, exited threads do not count, and
// a barrier no thread can pass is reported as a deadlock.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

using simt::host::Extent;

// Each thread writes its slot, waits, then reads its neighbour's: without a real barrier the
// early threads would read 0xFF poison (shared memory starts uninitialised).
void rotate(simt::DisjointSlice<int> out) {
  simt::SharedArray<int, 128> ring;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (auto slot = ring.get_mut(me)) *slot = int(i.get()) * 10;
  simt::sync_threads();
  const std::size_t next = (me.get() + 1) % simt::block::dim_x();
  if (auto o = out.get_mut(i)) *o = ring[next];
}

TEST(HostBarrier, EveryThreadArrivesBeforeAnyLeaves) {
  std::vector<int> out(3 * 128, -1);
  simt::host::launch_1d(3, 128, rotate, simt::host::disjoint(out));
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t block = i / 128, next = (i % 128 + 1) % 128;
    EXPECT_EQ(out[i], int(block * 128 + next) * 10) << "thread " << i;
  }
}

void reductions(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  const bool positive = in[i.get()] > 0;
  const unsigned count = simt::sync_threads_count(positive);
  const bool every = simt::sync_threads_and(positive);
  const bool some = simt::sync_threads_or(positive);
  if (auto o = out.get_mut(i)) *o = int(count) * 100 + (every ? 10 : 0) + (some ? 1 : 0);
}

TEST(HostBarrier, CountAndOrReduceOverTheBlock) {
  // Block 0: 3 of 64 positive; block 1: all 64; block 2: none.
  std::vector<int> in(3 * 64, -1);
  in[5] = in[17] = in[63] = 1;
  for (int t = 64; t < 128; ++t) in[t] = 2;
  std::vector<int> out(in.size(), 0);
  simt::host::launch_1d(3, 64, reductions, simt::host::slice(in), simt::host::disjoint(out));
  for (int t = 0; t < 64; ++t) EXPECT_EQ(out[t], 3 * 100 + 1);
  for (int t = 64; t < 128; ++t) EXPECT_EQ(out[t], 64 * 100 + 10 + 1);
  for (int t = 128; t < 192; ++t) EXPECT_EQ(out[t], 0);
}

// Threads past the end return before the barrier: on sm_70+ the barrier waits only for live
// threads, and so does the host reference.
void early_exit(std::uint32_t n, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  const unsigned live = simt::sync_threads_count(true);
  if (auto o = out.get_mut(i)) *o = live;
}

TEST(HostBarrier, ExitedThreadsDoNotCount) {
  std::vector<unsigned> out(100, 0);
  simt::host::launch_1d(2, 64, early_exit, 100u, simt::host::disjoint(out));
  for (int t = 0; t < 64; ++t) EXPECT_EQ(out[t], 64u);
  for (int t = 64; t < 100; ++t) EXPECT_EQ(out[t], 36u);
}

// A 2-D block: thread (x, y) sees the value thread (y, x) stored, through one shared tile.
void transpose_tile(simt::DisjointSlice<int> out) {
  simt::SharedTile<int, 8, 9> tile;
  const std::uint32_t x = simt::thread::index_x(), y = simt::thread::index_y();
  [[simt::unsafe]] { tile.at_mut(y, x) = int(10 * y + x); }
  simt::sync_threads();
  [[simt::unsafe]] { out.get_unchecked_mut(8 * y + x) = tile(x, y); }
}

TEST(HostBarrier, TwoDimensionalBlockSharesOneTile) {
  std::vector<int> out(64, -1);
  simt::host::launch(Extent{1, 1, 1}, Extent{8, 8, 1}, transpose_tile, simt::host::disjoint(out));
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) EXPECT_EQ(out[8 * y + x], 10 * x + y);
}

void divergent_barrier(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (i.get() % 2 == 0) simt::sync_threads();  // waits for the odd threads, which never come
  else simt::warp::sync(simt::warp::full_mask);  // waits for the even lanes, which never come
}

TEST(HostBarrierDeathTest, BarrierNoThreadCanPassIsADeadlock) {
  std::vector<int> out(32, 0);
  EXPECT_DEATH(simt::host::launch_1d(1, 32, divergent_barrier, simt::host::disjoint(out)),
               "simt host reference: deadlock in block \\(0, 0, 0\\): 16 threads wait at a block "
               "barrier, 16 at warp operations");
}

// A spin-wait that sleeps lets the other threads of the block run.
void spin(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 1> flag;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (me.get() == 0) flag.atomic(0).store(0u);
  simt::sync_threads();
  if (me.get() == 31) {
    for (int k = 0; k < 5; ++k) simt::nanosleep(10);  // arrive late
    flag.atomic(0).store(7u, simt::release, simt::block_scope);
  }
  unsigned seen = 0;
  while ((seen = flag.atomic(0).load(simt::acquire, simt::block_scope)) == 0) simt::nanosleep(10);
  if (auto o = out.get_mut(i)) *o = seen;
}

TEST(HostBarrier, NanosleepYieldsToTheOtherThreads) {
  std::vector<unsigned> out(32, 0);
  simt::host::launch_1d(1, 32, spin, simt::host::disjoint(out));
  for (unsigned v : out) EXPECT_EQ(v, 7u);
}

// A large block: 1024 threads, each with its own stack, through several barriers.
void many(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 1024> buf;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (auto s = buf.get_mut(me)) *s = unsigned(me.get());
  simt::sync_threads();
  for (unsigned stride = 512; stride > 0; stride >>= 1) {
    unsigned other = me.get() < stride ? buf[me.get() + stride] : 0;
    simt::sync_threads();
    if (me.get() < stride)
      if (auto s = buf.get_mut(me)) *s += other;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(i)) *o = buf[0];
}

TEST(HostBarrier, TreeReductionOverAThousandThreads) {
  std::vector<unsigned> out(2048, 0);
  simt::host::launch_1d(2, 1024, many, simt::host::disjoint(out));
  for (unsigned v : out) EXPECT_EQ(v, 1023u * 1024u / 2u);
}

}  // namespace

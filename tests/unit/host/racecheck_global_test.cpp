// The host reference's race detector on global memory: accesses through the slice types are
// recorded for the whole launch, so races between blocks (which run one after another here)
// are found as well as races inside a block; barriers order a block's threads only, atomics
// never race with each other.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using simt::host::AccessKind;
using simt::host::LaunchOptions;
using simt::host::LaunchResult;
using simt::host::MemoryKind;
using simt::host::RaceReport;

LaunchResult checked(std::uint32_t blocks, std::uint32_t threads, auto kernel, auto... args) {
  LaunchOptions o;
  o.detect_races = true;
  testing::internal::CaptureStderr();
  LaunchResult r =
      simt::host::launch_with(o, simt::host::LaunchSpec{{blocks, 1, 1}, {threads, 1, 1}, 0}, kernel, args...);
  testing::internal::GetCapturedStderr();
  return r;
}

std::string at(std::uint32_t line) { return std::string(__FILE__) + ":" + std::to_string(line); }

// "later after earlier" as (block.x, thread.x, kind, offset) pairs, one line per report.
std::string summary(const LaunchResult& r) {
  std::string s;
  auto side = [](const simt::host::RaceAccess& a) {
    return std::to_string(a.block[0]) + "." + std::to_string(a.thread[0]) + " " + to_string(a.kind) + " @" +
           std::to_string(a.offset);
  };
  for (const RaceReport& x : r.races) s += side(x.later) + " after " + side(x.earlier) + "\n";
  return s;
}

// Thread 0 of every block writes element 0.
constexpr std::uint32_t kFirstWrite = __LINE__ + 2;
void first_element(simt::DisjointSlice<unsigned> out) {
  if (simt::thread::index_in_block().get() == 0) out.at_mut(0) = simt::block::index_x();
}

TEST(HostRacecheckGlobal, TwoBlocksWriteOneElement) {
  std::vector<unsigned> out(4, 7);
  const LaunchResult r = checked(2, 4, first_element, simt::host::disjoint(out));
  ASSERT_EQ(r.race_count, 1u);
  const RaceReport& x = r.races[0];
  EXPECT_EQ(x.memory, MemoryKind::global);
  EXPECT_EQ(x.later.block[0], 1u);
  EXPECT_EQ(x.earlier.block[0], 0u);
  EXPECT_EQ(simt::host::to_string(x),
            "race between two blocks on global memory of argument 0: write of 4 bytes at offset 0 (element 0) by "
            "thread (0, 0, 0) of block (1, 0, 0) at " +
                at(kFirstWrite) + " after write of 4 bytes at offset 0 (element 0) by thread (0, 0, 0) of block (0, 0, 0) at " +
                at(kFirstWrite));
  EXPECT_EQ(out[0], 1u);  // the later block's write stands
  EXPECT_EQ(checked(1, 4, first_element, simt::host::disjoint(out)).race_count, 0u);
}

// Block 0 reads element 5 through a read-only view; block 1 writes it through a writable view
// of the same memory (argument 1 aliases argument 0).
constexpr std::uint32_t kAliasRead = __LINE__ + 4;
constexpr std::uint32_t kAliasWrite = __LINE__ + 4;
void read_then_write(simt::Slice<const float> in, simt::DisjointSlice<float> out, simt::DisjointSlice<float> seen) {
  const bool first = simt::thread::index_in_block().get() == 0;
  if (first && simt::block::index_x() == 0) seen.at_mut(0) = in[5];
  if (first && simt::block::index_x() == 1) out.at_mut(5) = 2.0f;
}

TEST(HostRacecheckGlobal, ABlockReadsWhatALaterBlockWrites) {
  std::vector<float> data(8, 1.0f), seen(1);
  const LaunchResult r = checked(2, 2, read_then_write, simt::host::slice(data), simt::host::disjoint(data),
                                 simt::host::disjoint(seen));
  ASSERT_EQ(r.race_count, 1u);
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race between two blocks on global memory of argument 0: write of 4 bytes at offset 20 (element 5) by "
            "thread (0, 0, 0) of block (1, 0, 0) at " +
                at(kAliasWrite) + " after read of 4 bytes at offset 20 (element 5) by thread (0, 0, 0) of block (0, 0, 0) at " +
                at(kAliasRead));
  EXPECT_EQ(seen[0], 1.0f);
  EXPECT_EQ(data[5], 2.0f);
}

// A vector load reads its N elements: block 0 reads elements [4, 8) in one load<4>, block 1
// writes element 7 (the last of them) through an aliasing writable view; load_partial<4> at 8
// reads only what lies in the slice (elements 8 and 9), so block 1's write of element 10 past
// the read-only view does not meet it.
constexpr std::uint32_t kVectorRead = __LINE__ + 5;
constexpr std::uint32_t kVectorWrite = __LINE__ + 6;
void vector_read_then_write(simt::Slice<const float> in, simt::DisjointSlice<float> out, simt::DisjointSlice<float> seen) {
  const bool first = simt::thread::index_in_block().get() == 0;
  if (first && simt::block::index_x() == 0) {
    seen.at_mut(0) = in.load<4>(4)[3] + in.load_partial<4, simt::cache::streaming>(8)[1];
  }
  if (first && simt::block::index_x() == 1) out.at_mut(7) = 2.0f;
  if (first && simt::block::index_x() == 1) out.at_mut(10) = 3.0f;
}

TEST(HostRacecheckGlobal, AVectorLoadReadsItsElements) {
  std::vector<float> data(12, 1.0f), seen(1);
  const LaunchResult r = checked(2, 2, vector_read_then_write, simt::Slice<const float>(data.data(), 10), simt::host::disjoint(data),
                                 simt::host::disjoint(seen));
  ASSERT_EQ(r.race_count, 1u);
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race between two blocks on global memory of argument 0: write of 4 bytes at offset 28 (element 7) by "
            "thread (0, 0, 0) of block (1, 0, 0) at " +
                at(kVectorWrite) + " after read of 16 bytes at offset 16 (element 4) by thread (0, 0, 0) of block (0, 0, 0) at " +
                at(kVectorRead));
  EXPECT_EQ(seen[0], 2.0f);
}

// A vector store writes its N elements: block 0 stores elements [2, 4) in one store_unchecked<2>,
// block 1 stores [3, 5), unaligned (one store per element on the GPU): they meet on element 3.
constexpr std::uint32_t kPairWrite = __LINE__ + 5;
void pair_stores(simt::DisjointSlice<unsigned> out) {
  if (simt::thread::index_in_block().get() != 0) return;
  const unsigned b = simt::block::index_x();
  [[simt::unsafe]] {  // test: the blocks overlap on purpose
    out.store_unchecked(2 + b, simt::Vec<unsigned, 2>{{10 * b + 1, 10 * b + 2}});
  }
}

TEST(HostRacecheckGlobal, AVectorStoreWritesItsElements) {
  std::vector<unsigned> out(6, 0);
  const LaunchResult r = checked(2, 2, pair_stores, simt::host::disjoint(out));
  ASSERT_EQ(r.race_count, 1u);
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race between two blocks on global memory of argument 0: write of 8 bytes at offset 12 (element 3) by "
            "thread (0, 0, 0) of block (1, 0, 0) at " +
                at(kPairWrite) + " after write of 8 bytes at offset 8 (element 2) by thread (0, 0, 0) of block (0, 0, 0) at " +
                at(kPairWrite));
  EXPECT_EQ(out, (std::vector<unsigned>{0, 0, 1, 11, 12, 0}));
}

// Every thread of a block writes element 0, with or without a barrier between the writers.
constexpr std::uint32_t kTurnWrite = __LINE__ + 5;
template <bool Sync>
void turn_by_turn(simt::DisjointSlice<unsigned> out) {
  const std::size_t t = simt::thread::index_in_block().get();
  for (std::size_t turn = 0; turn < 4; ++turn) {
    if (turn == t) out.at_mut(0) = unsigned(t);
    if (Sync) simt::sync_threads();
  }
}

TEST(HostRacecheckGlobal, WritesOfOneBlockWithoutABarrier) {
  std::vector<unsigned> out(1);
  const LaunchResult r = checked(1, 4, turn_by_turn<false>, simt::host::disjoint(out));
  EXPECT_EQ(summary(r), "0.1 write @0 after 0.0 write @0\n0.2 write @0 after 0.0 write @0\n0.3 write @0 after 0.0 write @0\n");
  ASSERT_EQ(r.race_count, 3u);
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race in block (0, 0, 0), barrier interval 0, on global memory of argument 0: write of 4 bytes at offset 0 "
            "(element 0) by thread (1, 0, 0) at " +
                at(kTurnWrite) + " after write of 4 bytes at offset 0 (element 0) by thread (0, 0, 0) at " + at(kTurnWrite));
}

TEST(HostRacecheckGlobal, ABarrierOrdersTheThreadsOfItsBlockOnly) {
  std::vector<unsigned> out(1);
  EXPECT_EQ(checked(1, 4, turn_by_turn<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out[0], 3u);
  // A second block writes the same element: no barrier orders it with the first.
  const LaunchResult r = checked(2, 4, turn_by_turn<true>, simt::host::disjoint(out));
  EXPECT_EQ(r.race_count, 4u);
  EXPECT_EQ(summary(r),
            "1.0 write @0 after 0.3 write @0\n1.1 write @0 after 0.3 write @0\n"
            "1.2 write @0 after 0.3 write @0\n1.3 write @0 after 0.3 write @0\n");
  EXPECT_EQ(r.races[0].interval, 0u);
  EXPECT_EQ(r.races[3].interval, 3u);
}

// Every thread of every block adds to one counter, atomically: no race.
void count_all(simt::AtomicSlice<unsigned> counter) { counter[0].fetch_add(1u); }

TEST(HostRacecheckGlobal, AtomicsDoNotRaceWithEachOther) {
  std::vector<unsigned> counter(1, 0);
  EXPECT_EQ(checked(8, 64, count_all, simt::host::atomic(counter)).race_count, 0u);
  EXPECT_EQ(counter[0], 8u * 64);
}

// Thread 0 of block 0 resets the counter with a plain write while the others add to it.
constexpr std::uint32_t kResetWrite = __LINE__ + 3;
constexpr std::uint32_t kResetAtomic = __LINE__ + 3;
void reset_and_count(simt::AtomicSlice<unsigned> counter, simt::DisjointSlice<unsigned> plain) {
  if (simt::block::index_x() == 0 && simt::thread::index_in_block().get() == 0) plain.at_mut(0) = 0;
  counter[0].fetch_add(1u);
}

TEST(HostRacecheckGlobal, AnAtomicAgainstAPlainWrite) {
  std::vector<unsigned> counter(1, 100);
  const LaunchResult r = checked(2, 4, reset_and_count, simt::host::atomic(counter), simt::host::disjoint(counter));
  EXPECT_EQ(r.race_count, 7u);  // every atomic of another thread than the writer
  EXPECT_EQ(summary(r),
            "0.1 atomic @0 after 0.0 write @0\n0.2 atomic @0 after 0.0 write @0\n0.3 atomic @0 after 0.0 write @0\n"
            "1.0 atomic @0 after 0.0 write @0\n1.1 atomic @0 after 0.0 write @0\n1.2 atomic @0 after 0.0 write @0\n"
            "1.3 atomic @0 after 0.0 write @0\n");
  ASSERT_FALSE(r.races.empty());
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race in block (0, 0, 0), barrier interval 0, on global memory of argument 0: atomic of 4 bytes at offset 0 "
            "(element 0) by thread (1, 0, 0) at " +
                at(kResetAtomic) + " after write of 4 bytes at offset 0 (element 0) by thread (0, 0, 0) at " +
                at(kResetWrite));
  EXPECT_EQ(counter[0], 8u);
}

// Each thread writes its element through a helper and reads its right neighbour's (wrapping
// around): the neighbour is another thread, at the end of a block one of the next block.
constexpr std::uint32_t kHelperWrite = __LINE__ + 1;
void put(simt::DisjointSlice<float>& s, std::size_t i, float v) { s.at_mut(i) = v; }

constexpr std::uint32_t kNeighbourRead = __LINE__ + 4;
void neighbour(simt::DisjointSlice<float> data, simt::DisjointSlice<float> out) {
  const std::size_t i = simt::thread::index_1d().get();
  put(data, i, float(i));
  const float right = data[(i + 1) % data.size()];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = right;
}

TEST(HostRacecheckGlobal, ThroughAHelperAcrossTheBlockBoundary) {
  std::vector<float> data(8, -1.0f), out(8);
  const LaunchResult r = checked(2, 4, neighbour, simt::host::disjoint(data), simt::host::disjoint(out));
  EXPECT_EQ(summary(r),
            "0.1 write @4 after 0.0 read @4\n0.2 write @8 after 0.1 read @8\n0.3 write @12 after 0.2 read @12\n"
            "1.0 write @16 after 0.3 read @16\n1.1 write @20 after 1.0 read @20\n1.2 write @24 after 1.1 read @24\n"
            "1.3 write @28 after 1.2 read @28\n1.3 read @0 after 0.0 write @0\n");
  ASSERT_EQ(r.race_count, 8u);
  EXPECT_EQ(r.races[0].later.line, kHelperWrite);
  EXPECT_EQ(r.races[0].earlier.line, kNeighbourRead);
  EXPECT_EQ(simt::host::to_string(r.races[3]),
            "race between two blocks on global memory of argument 0: write of 4 bytes at offset 16 (element 4) by "
            "thread (0, 0, 0) of block (1, 0, 0) at " +
                at(kHelperWrite) + " after read of 4 bytes at offset 16 (element 4) by thread (3, 0, 0) of block (0, 0, 0) at " +
                at(kNeighbourRead));
}

// Argument 1 views the upper half of argument 0: block 0 writes the upper half through the
// whole, block 1 through the half.
void halves(simt::DisjointSlice<float> whole, simt::DisjointSlice<float> upper) {
  const std::size_t t = simt::thread::index_in_block().get();
  if (simt::block::index_x() == 0) whole.at_mut(4 + t) = 1.0f;
  if (simt::block::index_x() == 1) upper.at_mut(t) = 2.0f;
}

TEST(HostRacecheckGlobal, ThroughASubsliceOfTheSameMemory) {
  std::vector<float> v(8, 0.0f);
  const LaunchResult r =
      checked(2, 4, halves, simt::host::disjoint(v), simt::DisjointSlice<float>(v.data() + 4, 4));
  EXPECT_EQ(summary(r),
            "1.0 write @16 after 0.0 write @16\n1.1 write @20 after 0.1 write @20\n"
            "1.2 write @24 after 0.2 write @24\n1.3 write @28 after 0.3 write @28\n");
  ASSERT_EQ(r.race_count, 4u);
  EXPECT_EQ(r.races[0].allocation, "global memory of argument 0");
  EXPECT_EQ(v, (std::vector<float>{0, 0, 0, 0, 2, 2, 2, 2}));
}

// A grid-stride loop: every element has one writer, neighbours share their 8-byte granules.
template <class T>
void strided(simt::DisjointSlice<T> out, simt::Slice<const T> in) {
  const std::size_t stride = std::size_t(simt::grid::dim_x()) * simt::block::dim_x();
  for (std::size_t i = simt::thread::index_1d().get(); i < out.size(); i += stride) out.at_mut(i) = T(in[i] + 1);
}

TEST(HostRacecheckGlobal, DisjointStridedWritesDoNotRace) {
  std::vector<float> in(1000, 1.0f), out(1000);
  EXPECT_EQ(checked(3, 32, strided<float>, simt::host::disjoint(out), simt::host::slice(in)).race_count, 0u);
  EXPECT_EQ(out, std::vector<float>(1000, 2.0f));
  std::vector<unsigned char> bytes_in(300, 4), bytes_out(300);
  EXPECT_EQ(checked(2, 64, strided<unsigned char>, simt::host::disjoint(bytes_out), simt::host::slice(bytes_in)).race_count,
            0u);
  EXPECT_EQ(bytes_out, std::vector<unsigned char>(300, 5));
}

// Lanes exchange values through global memory, with warp::sync between the write and the read
// or without it.
template <bool Sync>
void exchange(simt::DisjointSlice<unsigned> data, simt::DisjointSlice<unsigned> out) {
  const std::size_t t = simt::thread::index_1d().get();
  if (auto mine = data.get_mut(simt::thread::index_1d())) *mine = unsigned(t);
  if (Sync) simt::warp::sync();
  const unsigned other = data[t ^ 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = other;
}

TEST(HostRacecheckGlobal, WarpSyncOrdersTheLanesOfAWarp) {
  std::vector<unsigned> data(64), out(64);
  EXPECT_EQ(checked(2, 32, exchange<true>, simt::host::disjoint(data), simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out[0], 1u);
  EXPECT_EQ(out[33], 32u);
  // Without it, each even lane reads the odd lane's slot before that lane writes it, and each odd
  // lane reads the even lane's slot after it was written.
  EXPECT_EQ(checked(2, 32, exchange<false>, simt::host::disjoint(data), simt::host::disjoint(out)).race_count, 64u);
}

// Views made inside the kernel rather than passed: still recorded, named by the argument they
// lie in, or as memory outside the arguments.
unsigned scratch[4];

void inner_views(simt::Slice<const unsigned> in) {
  [[simt::unsafe]] {
    simt::DisjointSlice<unsigned> w(const_cast<unsigned*>(in.data()) + 2, 2);
    w.at_mut(1) = 3;
  }
  simt::DisjointSlice<unsigned> s(scratch, 4);
  s.at_mut(2) = 1;
}

TEST(HostRacecheckGlobal, ViewsMadeInTheKernel) {
  std::vector<unsigned> v(4);
  const LaunchResult r = checked(1, 2, inner_views, simt::host::slice(v));
  ASSERT_EQ(r.race_count, 2u);
  EXPECT_EQ(r.races[0].allocation, "global memory of argument 0");
  EXPECT_EQ(r.races[0].later.offset, 12u);
  EXPECT_EQ(r.races[1].allocation, "global memory outside the launch's arguments");
  EXPECT_EQ(r.races[1].later.offset, 8u);
  EXPECT_EQ(r.races[1].earlier.offset, 8u);
  EXPECT_EQ(r.races[1].later.thread[0], 1u);
}

// A million elements with the detector on: a clean launch, then one where every element races
// (each counted, the first thousand kept). How long it takes is not a test's business.
void saxpy(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  if (auto yi = y.get_mut(simt::thread::index_1d())) *yi = a * x[simt::thread::index_1d().get()] + *yi;
}
void shift_left(simt::DisjointSlice<float> y) {
  const std::size_t i = simt::thread::index_1d().get();
  const float right = y[(i + 1) % y.size()];
  if (auto yi = y.get_mut(simt::thread::index_1d())) *yi = right;
}

TEST(HostRacecheckGlobal, AMillionElements) {
  const std::size_t n = std::size_t(1) << 20;
  std::vector<float> x(n, 2.0f), y(n, 1.0f);
  EXPECT_EQ(checked(std::uint32_t(n / 256), 256, saxpy, 3.0f, simt::host::slice(x), simt::host::disjoint(y)).race_count,
            0u);
  EXPECT_EQ(y[0], 7.0f);
  EXPECT_EQ(y[n - 1], 7.0f);
  const LaunchResult r = checked(std::uint32_t(n / 256), 256, shift_left, simt::host::disjoint(y));
  EXPECT_EQ(r.race_count, n);  // each element's write after its left neighbour's read; element 0's read after its write
  EXPECT_EQ(r.races.size(), 1000u);
}

TEST(HostRacecheckGlobal, NothingIsRecordedWhenOff) {
  std::vector<unsigned> out(4, 7);
  testing::internal::CaptureStderr();
  const LaunchResult r = simt::host::launch_with(LaunchOptions{}, simt::host::LaunchSpec{{2, 1, 1}, {4, 1, 1}, 0},
                                                 first_element, simt::host::disjoint(out));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(r.race_count, 0u);
  EXPECT_EQ(out[0], 1u);
}

TEST(HostRacecheckGlobal, PrintedToStderr) {
  std::vector<unsigned> out(4, 7);
  LaunchOptions o;
  o.detect_races = true;
  testing::internal::CaptureStderr();
  simt::host::launch_with(o, simt::host::LaunchSpec{{3, 1, 1}, {4, 1, 1}, 0}, first_element, simt::host::disjoint(out));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("simt host racecheck: race between two blocks on global memory of argument 0: write of 4 bytes "
                     "at offset 0 (element 0) by thread (0, 0, 0) of block (1, 0, 0)"),
            0u)
      << err;
  EXPECT_NE(err.find("\nsimt host racecheck: race between two blocks on global memory of argument 0: write of 4 bytes "
                     "at offset 0 (element 0) by thread (0, 0, 0) of block (2, 0, 0)"),
            std::string::npos)
      << err;
}

}  // namespace

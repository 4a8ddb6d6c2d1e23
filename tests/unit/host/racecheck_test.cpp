// The host reference's race detector: the classic shared-memory races, each with its exact
// reports, and the same kernels with their barriers in place, which report nothing.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using simt::host::AccessKind;
using simt::host::LaunchOptions;
using simt::host::LaunchResult;
using simt::host::RaceReport;

// One side of an expected report: thread x (y = z = 0), kind, byte offset, line (0: none).
struct Side {
  std::uint32_t x;
  AccessKind kind;
  std::size_t offset;
  std::uint32_t line;
};

void expect_side(const simt::host::RaceAccess& got, const Side& want, std::size_t bytes, const char* what) {
  EXPECT_EQ(got.thread[0], want.x) << what;
  EXPECT_EQ(got.thread[1], 0u) << what;
  EXPECT_EQ(got.thread[2], 0u) << what;
  EXPECT_EQ(got.kind, want.kind) << what;
  EXPECT_EQ(got.offset, want.offset) << what;
  EXPECT_EQ(got.bytes, bytes) << what;
  EXPECT_EQ(got.line, want.line) << what;
  EXPECT_EQ(got.file, want.line ? std::string(__FILE__) : std::string()) << what;
}

// Expects exactly `want` (later, earlier) pairs, in order, in block 0 and `interval`.
void expect_races(const LaunchResult& r, const std::vector<std::pair<Side, Side>>& want, std::uint32_t interval,
                  const std::string& allocation, std::size_t bytes = 4) {
  ASSERT_EQ(r.race_count, want.size());
  ASSERT_EQ(r.races.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const RaceReport& got = r.races[i];
    SCOPED_TRACE(simt::host::to_string(got));
    EXPECT_EQ(got.block[0], 0u);
    EXPECT_EQ(got.interval, interval);
    EXPECT_EQ(got.allocation.rfind(allocation, 0), 0u) << got.allocation;
    expect_side(got.later, want[i].first, bytes, "later");
    expect_side(got.earlier, want[i].second, bytes, "earlier");
  }
}

LaunchResult checked(std::uint32_t threads, std::size_t dynamic_bytes, auto kernel, auto... args) {
  LaunchOptions o;
  o.detect_races = true;
  return simt::host::launch_with(o, simt::host::LaunchSpec{{1, 1, 1}, {threads, 1, 1}, dynamic_bytes}, kernel,
                                 args...);
}

// The allocation's name up to the column (which compilers place differently).
std::string declared_at(std::uint32_t line) {
  return "shared memory declared at " + std::string(__FILE__) + ":" + std::to_string(line) + ":";
}

constexpr auto R = AccessKind::read;
constexpr auto W = AccessKind::write;
constexpr auto A = AccessKind::atomic;

// (a) A thread writes its slot; its neighbour reads it with no barrier between.
constexpr std::uint32_t kNeighbourDecl = __LINE__ + 4;
constexpr std::uint32_t kNeighbourWrite = __LINE__ + 5;
template <bool Sync>
void neighbour(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 4> s;
  auto me = simt::thread::index_in_block();
  if (auto slot = s.get_mut(me)) *slot = float(me.get());
  if (Sync) simt::sync_threads();
  const float v = s[(me.get() + 1) % 4];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

TEST(HostRacecheck, ReadOfANeighboursSlotWithoutABarrier) {
  std::vector<float> out(4);
  const std::uint32_t w = kNeighbourWrite;
  expect_races(checked(4, 0, neighbour<false>, simt::host::disjoint(out)),
               {{{1, W, 4, w}, {0, R, 4, 0}},
                {{2, W, 8, w}, {1, R, 8, 0}},
                {{3, W, 12, w}, {2, R, 12, 0}},
                {{3, R, 0, 0}, {0, W, 0, w}}},
               0, declared_at(kNeighbourDecl));
  EXPECT_EQ(checked(4, 0, neighbour<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out, (std::vector<float>{1, 2, 3, 0}));
}

TEST(HostRacecheck, AReportReadsLikeRacecheck) {
  std::vector<float> out(4);
  const LaunchResult r = checked(4, 0, neighbour<false>, simt::host::disjoint(out));
  ASSERT_FALSE(r.races.empty());
  EXPECT_EQ(simt::host::to_string(r.races[0]),
            "race in block (0, 0, 0), barrier interval 0, on " + r.races[0].allocation +
                ": write of 4 bytes at offset 4 by thread (1, 0, 0) at " + __FILE__ + ":" +
                std::to_string(kNeighbourWrite) + " after read of 4 bytes at offset 4 by thread (0, 0, 0)");
}

// (b) Each round reads the neighbour's slot, then the next round overwrites it: the barrier
// after the read is missing (write after read across iterations).
constexpr std::uint32_t kRoundsDecl = __LINE__ + 4;
constexpr std::uint32_t kRoundsWrite = __LINE__ + 7;
template <bool Sync>
void rounds(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 4> s;
  auto me = simt::thread::index_in_block();
  unsigned sum = 0;
  for (unsigned r = 0; r < 2; ++r) {
    [[simt::unsafe]] { s.get_unchecked_mut(me.get()) = unsigned(me.get()) + 100 * r; }
    simt::sync_threads();
    sum += s[(me.get() + 1) % 4];
    if (Sync) simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

TEST(HostRacecheck, WriteAfterReadAcrossIterations) {
  std::vector<unsigned> out(4);
  const std::uint32_t w = kRoundsWrite;
  expect_races(checked(4, 0, rounds<false>, simt::host::disjoint(out)),
               {{{1, W, 4, w}, {0, R, 4, 0}},
                {{2, W, 8, w}, {1, R, 8, 0}},
                {{3, R, 0, 0}, {0, W, 0, w}},
                {{3, W, 12, w}, {2, R, 12, 0}}},
               1, declared_at(kRoundsDecl));
  EXPECT_EQ(checked(4, 0, rounds<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out, (std::vector<unsigned>{1 + 101, 2 + 102, 3 + 103, 0 + 100}));
}

// (c) A tree reduction without the barrier between its steps.
constexpr std::uint32_t kTreeDecl = __LINE__ + 4;
constexpr std::uint32_t kTreeWrite = __LINE__ + 9;
template <bool Sync>
void tree_sum(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 8> s;
  auto me = simt::thread::index_in_block();
  const std::size_t t = me.get();
  if (auto slot = s.get_mut(me)) *slot = unsigned(t) + 1;
  simt::sync_threads();
  for (std::size_t stride = 4; stride > 0; stride /= 2) {
    if (t < stride) s.at_mut(t) += s[t + stride];
    if (Sync) simt::sync_threads();
  }
  if (t == 0)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[0];
}

TEST(HostRacecheck, TreeReductionWithoutItsBarrier) {
  std::vector<unsigned> out(8, 0);
  const std::uint32_t w = kTreeWrite;
  expect_races(checked(8, 0, tree_sum<false>, simt::host::disjoint(out)),
               {{{1, W, 4, w}, {0, R, 4, 0}}, {{2, W, 8, w}, {0, R, 8, 0}}, {{3, W, 12, w}, {1, R, 12, 0}}}, 1,
               declared_at(kTreeDecl));
  EXPECT_EQ(out[0], 1u + 5 + 3 + 2);  // thread 0 ran its three steps before the others began
  EXPECT_EQ(checked(8, 0, tree_sum<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out[0], 36u);
}

// (d) A plain write racing the other threads' atomic updates of the same slot.
constexpr std::uint32_t kCounterWrite = __LINE__ + 6;
constexpr std::uint32_t kCounterAtomic = __LINE__ + 7;
template <bool Sync>
void counter(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 1> n;
  auto me = simt::thread::index_in_block();
  if (me.get() == 0) n.at_mut(0) = 0;
  if (Sync) simt::sync_threads();
  n.atomic(0).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = n[0];
}

TEST(HostRacecheck, PlainWriteAgainstAtomics) {
  std::vector<unsigned> out(4);
  const std::uint32_t w = kCounterWrite, a = kCounterAtomic;
  const LaunchResult r = checked(4, 0, counter<false>, simt::host::disjoint(out));
  expect_races(r, {{{1, A, 0, a}, {0, W, 0, w}}, {{2, A, 0, a}, {0, W, 0, w}}, {{3, A, 0, a}, {0, W, 0, w}}}, 0,
               r.races.empty() ? "" : r.races[0].allocation);
  EXPECT_EQ(checked(4, 0, counter<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out, (std::vector<unsigned>(4, 4)));
}

// (e) The write goes through a helper, the read through a second view of dynamic shared memory.
constexpr std::uint32_t kHelperWrite = __LINE__ + 1;
void store_into(simt::SharedSpan<float>& view, std::size_t i, float v) { view.at_mut(i) = v; }

template <bool Sync>
void two_views(simt::DisjointSlice<unsigned> out) {
  auto floats = simt::dynamic_shared<float>();
  auto words = simt::dynamic_shared<unsigned>();
  auto me = simt::thread::index_in_block();
  store_into(floats, me.get(), 1.0f);
  if (Sync) simt::sync_threads();
  const unsigned bits = words[(me.get() + 1) % words.size()];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = bits;
}

TEST(HostRacecheck, ThroughAHelperAndASecondDynamicView) {
  std::vector<unsigned> out(4);
  const std::uint32_t w = kHelperWrite;
  expect_races(checked(4, 16, two_views<false>, simt::host::disjoint(out)),
               {{{1, W, 4, w}, {0, R, 4, 0}},
                {{2, W, 8, w}, {1, R, 8, 0}},
                {{3, W, 12, w}, {2, R, 12, 0}},
                {{3, R, 0, 0}, {0, W, 0, w}}},
               0, "dynamic shared memory");
  EXPECT_EQ(checked(4, 16, two_views<true>, simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out, (std::vector<unsigned>(4, 0x3F800000u)));
}

// A vector load of a tile row overlaps a write of one of its elements: the bytes decide.
void tile_rows(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 2, 4, 16> tile;
  auto me = simt::thread::index_in_block();
  if (auto slot = tile.get_mut(me)) *slot = 1.0f;
  const simt::Vec<float, 4> row = tile.load<4>(me.get() < 4 ? 1 : 0, 0);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = row[0];
}

TEST(HostRacecheck, VectorLoadsOverlapByBytes) {
  std::vector<float> out(8);
  const LaunchResult r = checked(8, 0, tile_rows, simt::host::disjoint(out));
  // Threads 0-3 read row 1 (bytes 16-31) before threads 4-7 write it; threads 4-7 read row 0,
  // written by threads 0-3 earlier.
  ASSERT_EQ(r.race_count, 8u);
  for (std::uint32_t t = 4; t < 8; ++t) {
    const RaceReport& write = r.races[2 * (t - 4)];
    EXPECT_EQ(write.later.kind, W);
    EXPECT_EQ(write.later.thread[0], t);
    EXPECT_EQ(write.later.offset, 4 * t);
    EXPECT_EQ(write.earlier.kind, R);
    EXPECT_EQ(write.earlier.thread[0], 0u);
    EXPECT_EQ(write.earlier.offset, 16u);
    EXPECT_EQ(write.earlier.bytes, 16u);
    const RaceReport& read = r.races[2 * (t - 4) + 1];
    EXPECT_EQ(read.later.kind, R);
    EXPECT_EQ(read.later.thread[0], t);
    EXPECT_EQ(read.later.offset, 0u);
    EXPECT_EQ(read.later.bytes, 16u);
    EXPECT_EQ(read.earlier.kind, W);
    EXPECT_EQ(read.earlier.thread[0], 0u);  // byte 0, the first in conflict, is thread 0's
    EXPECT_EQ(read.earlier.offset, 0u);
    EXPECT_EQ(read.earlier.bytes, 4u);
  }
}

// cp.async writes its bytes when it starts; ldmatrix reads the 16-byte rows its lanes name.
template <bool Sync>
void staged(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128, 16> tile;
  auto me = simt::thread::index_in_block();
  [[simt::unsafe]] { simt::async::copy<16>(tile, 4 * me.get(), in, 4 * me.get()); }
  simt::async::commit();
  simt::async::wait<0>();
  if (Sync) simt::sync_threads();
  const float v = tile[(4 * me.get() + 4) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

TEST(HostRacecheck, AsyncCopiesAreWrites) {
  std::vector<float> in(128, 2.0f), out(32);
  const LaunchResult r = checked(32, 0, staged<false>, simt::host::slice(in), simt::host::disjoint(out));
  ASSERT_EQ(r.race_count, 32u);  // threads 1-31 copy over the element thread t - 1 read; thread 31 reads thread 0's
  expect_side(r.races[0].later, {1, W, 16, 0}, 16, "later");
  expect_side(r.races[0].earlier, {0, R, 16, 0}, 4, "earlier");
  expect_side(r.races[31].later, {31, R, 0, 0}, 4, "later");
  expect_side(r.races[31].earlier, {0, W, 0, 0}, 16, "earlier");
  EXPECT_EQ(checked(32, 0, staged<true>, simt::host::slice(in), simt::host::disjoint(out)).race_count, 0u);
  EXPECT_EQ(out, std::vector<float>(32, 2.0f));
}

template <bool Sync>
void rows(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<simt::half, 256, 16> m;
  auto me = simt::thread::index_in_block();
  const std::size_t lane = me.get();
  for (std::size_t k = 0; k < 8; ++k) m.at_mut(8 * lane + k) = simt::half(float(lane));
  if (Sync) simt::sync_threads();
  [[simt::unsafe]] {
    const std::uint32_t r = simt::mma::ldmatrix_x1(m.data() + 8 * ((lane + 1) % 8));
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = r;
  }
}

TEST(HostRacecheck, LdmatrixReadsItsRows) {
  std::vector<unsigned> out(32);
  const LaunchResult r = checked(32, 0, rows<false>, simt::host::disjoint(out));
  ASSERT_EQ(r.race_count, 8u);  // lanes 1-7 write the row lane - 1 loaded; lane 7 loads lane 0's row
  for (std::uint32_t lane = 1; lane < 8; ++lane) {
    EXPECT_EQ(r.races[lane - 1].later.thread[0], lane);
    EXPECT_EQ(r.races[lane - 1].later.kind, W);
    EXPECT_EQ(r.races[lane - 1].later.offset, 16 * lane);
    EXPECT_EQ(r.races[lane - 1].earlier.thread[0], lane - 1);
    EXPECT_EQ(r.races[lane - 1].earlier.kind, R);
    EXPECT_EQ(r.races[lane - 1].earlier.bytes, 16u);
  }
  EXPECT_EQ(r.races[7].later.thread[0], 7u);
  EXPECT_EQ(r.races[7].later.kind, R);
  EXPECT_EQ(r.races[7].later.offset, 0u);
  EXPECT_EQ(r.races[7].earlier.thread[0], 0u);
  EXPECT_EQ(checked(32, 0, rows<true>, simt::host::disjoint(out)).race_count, 0u);
}

TEST(HostRacecheck, EachBlockIsCheckedOnItsOwn) {
  std::vector<float> out(12);
  LaunchOptions o;
  o.detect_races = true;
  std::vector<std::uint32_t> blocks;
  o.on_race = [&](const RaceReport& r) { blocks.push_back(r.block[0]); };
  const LaunchResult r = simt::host::launch_with(o, simt::host::LaunchSpec{{3, 1, 1}, {4, 1, 1}, 0},
                                                 neighbour<false>, simt::host::disjoint(out));
  EXPECT_EQ(r.race_count, 12u);
  EXPECT_EQ(blocks, (std::vector<std::uint32_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
}

TEST(HostRacecheck, ThrowOnRace) {
  std::vector<float> out(4);
  LaunchOptions o;
  o.detect_races = true;
  o.throw_on_race = true;
  try {
    simt::host::launch_with(o, simt::host::LaunchSpec{{1, 1, 1}, {4, 1, 1}, 0}, neighbour<false>,
                            simt::host::disjoint(out));
    FAIL() << "no RaceError";
  } catch (const simt::host::RaceError& e) {
    EXPECT_EQ(e.result().race_count, 4u);
    EXPECT_EQ(std::string(e.what()), simt::host::to_string(e.result().races[0]));
  }
  EXPECT_NO_THROW(simt::host::launch_with(o, simt::host::LaunchSpec{{1, 1, 1}, {4, 1, 1}, 0}, neighbour<true>,
                                          simt::host::disjoint(out)));
}

TEST(HostRacecheck, ReportsGoToStderr) {
  std::vector<float> out(4);
  testing::internal::CaptureStderr();
  checked(4, 0, neighbour<false>, simt::host::disjoint(out));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("simt host racecheck: race in block (0, 0, 0), barrier interval 0, on "), 0u) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 4) << err;
}

TEST(HostRacecheck, OffByDefault) {
  std::vector<float> out(4);
  testing::internal::CaptureStderr();
  const LaunchResult r = simt::host::launch_with(LaunchOptions{}, simt::host::LaunchSpec{{1, 1, 1}, {4, 1, 1}, 0},
                                                 neighbour<false>, simt::host::disjoint(out));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(r.race_count, 0u);
  EXPECT_EQ(simt::detail::race::active, nullptr);
}

TEST(HostRacecheckDeathTest, TheEnvironmentTurnsItOnForEveryLaunch) {
  std::vector<float> out(4);
  EXPECT_DEATH(
      {
        setenv("SIMT_HOST_RACECHECK", "1", 1);
        simt::host::launch_1d(1, 4, neighbour<false>, simt::host::disjoint(out));
      },
      "simt host racecheck: race in block \\(0, 0, 0\\)(.|\n)*simt host racecheck: 4 races \\(SIMT_HOST_RACECHECK\\)");
}

}  // namespace

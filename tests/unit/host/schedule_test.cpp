// The host reference's schedule fuzzer: a seeded random order of the ready threads of a block
// at each switch point. Order-dependent results show up; correct kernels stay correct.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using simt::host::LaunchOptions;
using simt::host::LaunchSpec;

// The last thread to write element 0 wins (a race, written in Tier 2).
void last_writer(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 1> s;
  auto me = simt::thread::index_in_block();
  simt::sync_threads();  // a switch point, so the fuzzer can reorder the writes after it
  [[simt::unsafe]] { s.get_unchecked_mut(0) = unsigned(me.get()); }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[0];
}

unsigned winner(std::optional<std::uint64_t> seed) {
  std::vector<unsigned> out(8);
  LaunchOptions o;
  o.schedule_seed = seed;
  testing::internal::CaptureStderr();
  simt::host::launch_with(o, LaunchSpec{{1, 1, 1}, {8, 1, 1}, 0}, last_writer, simt::host::disjoint(out));
  testing::internal::GetCapturedStderr();
  for (unsigned v : out) EXPECT_EQ(v, out[0]);
  return out[0];
}

TEST(HostSchedule, InIndexOrderWithoutASeed) { EXPECT_EQ(winner(std::nullopt), 7u); }

TEST(HostSchedule, ASeedReordersTheThreadsReproducibly) {
  std::set<unsigned> winners;
  for (std::uint64_t seed = 1; seed <= 32; ++seed) {
    const unsigned w = winner(seed);
    EXPECT_EQ(winner(seed), w) << "seed " << seed;
    winners.insert(w);
  }
  EXPECT_GE(winners.size(), 4u);  // 32 draws of the last of 8 threads
}

TEST(HostSchedule, TheSeedIsPrintedOnceForARunOfLaunches) {
  std::vector<unsigned> out(8);
  LaunchOptions o;
  testing::internal::CaptureStderr();
  for (std::uint64_t seed : {12345, 12345, 12346}) {
    o.schedule_seed = seed;
    const auto r = simt::host::launch_with(o, LaunchSpec{{1, 1, 1}, {8, 1, 1}, 0}, last_writer, simt::host::disjoint(out));
    EXPECT_EQ(r.schedule_seed, std::optional<std::uint64_t>(seed));
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "simt host reference: schedule seed 12345\nsimt host reference: schedule seed 12346\n");
}

// Read, add, write back: each thread's update is one step between switch points unless the
// detector yields at every access, when updates get lost.
void lost_update(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 1> total;
  auto me = simt::thread::index_in_block();
  if (auto slot = total.get_mut(me)) *slot = 0;
  simt::sync_threads();
  [[simt::unsafe]] {
    const unsigned before = total.get_unchecked(0);
    total.get_unchecked_mut(0) = before + 1;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = total[0];
}

unsigned total(std::uint64_t seed, bool yield) {
  std::vector<unsigned> out(8);
  LaunchOptions o;
  o.detect_races = true;
  o.schedule_seed = seed;
  o.yield_at_accesses = yield;
  testing::internal::CaptureStderr();
  const auto r = simt::host::launch_with(o, LaunchSpec{{1, 1, 1}, {8, 1, 1}, 0}, lost_update, simt::host::disjoint(out));
  testing::internal::GetCapturedStderr();
  EXPECT_GT(r.race_count, 0u);  // whatever the order, the detector sees the race
  return out[0];
}

TEST(HostSchedule, YieldingAtAccessesInterleavesBetweenThem) {
  unsigned lowest = 8;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    EXPECT_EQ(total(seed, false), 8u) << "seed " << seed;
    lowest = std::min(lowest, total(seed, true));
  }
  EXPECT_LT(lowest, 8u);
}

// A correct tree reduction with warp shuffles for the last steps gives its one answer in
// every order, and the detector finds nothing in it.
void block_sum(simt::DisjointSlice<unsigned> out) {
  simt::SharedArray<unsigned, 128> s;
  auto me = simt::thread::index_in_block();
  const std::size_t t = me.get();
  if (auto slot = s.get_mut(me)) *slot = unsigned(t) + 1;
  simt::sync_threads();
  for (std::size_t stride = 64; stride >= 32; stride /= 2) {
    if (t < stride) s.at_mut(t) += s[t + stride];
    simt::sync_threads();
  }
  if (t < 32) {
    unsigned v = s[t];
    for (int d = 16; d > 0; d /= 2) v += simt::warp::shuffle_down(simt::warp::full_mask, v, unsigned(d));
    if (t == 0)
      if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
  }
}

TEST(HostSchedule, ACorrectReductionIsRightInEveryOrder) {
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    std::vector<unsigned> out(256, 0);
    LaunchOptions o;
    o.detect_races = true;
    o.schedule_seed = seed;
    o.yield_at_accesses = seed % 2 == 0;
    testing::internal::CaptureStderr();
    const auto r = simt::host::launch_with(o, LaunchSpec{{2, 1, 1}, {128, 1, 1}, 0}, block_sum, simt::host::disjoint(out));
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "simt host reference: schedule seed " + std::to_string(seed) + "\n");
    EXPECT_EQ(r.race_count, 0u) << "seed " << seed;
    EXPECT_EQ(out[0], 128u * 129 / 2) << "seed " << seed;
    EXPECT_EQ(out[128], 128u * 129 / 2) << "seed " << seed;
  }
}

}  // namespace

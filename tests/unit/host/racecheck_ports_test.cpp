// The kernels that simtc rejects with simt-shared-race in tests/checker/shared_race.cpp and
// at_mut_adversarial.cpp, compiled for the host and run with the race detector on: each race
// the checker proves statically is found at run time too, at the lines its notes name.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace shared_race {
#include "../../checker/shared_race.cpp"
}  // namespace shared_race
namespace at_mut_adversarial {
#include "../../checker/at_mut_adversarial.cpp"
}  // namespace at_mut_adversarial

namespace {

using namespace shared_race;
using at_mut_adversarial::shared_helper;
using at_mut_adversarial::shared_loop_without_barrier;

// Runs a one-block kernel of `threads` threads with the detector on.
simt::host::LaunchResult run(std::uint32_t threads, std::size_t dynamic_bytes, auto kernel, auto... args) {
  simt::host::LaunchOptions o;
  o.detect_races = true;
  testing::internal::CaptureStderr();
  auto r = simt::host::launch_with(o, simt::host::LaunchSpec{{1, 1, 1}, {threads, 1, 1}, dynamic_bytes}, kernel,
                                   args...);
  testing::internal::GetCapturedStderr();
  return r;
}

// The first report: later (thread, kind, offset) after earlier (thread, kind, offset).
std::string first(const simt::host::LaunchResult& r) {
  if (r.races.empty()) return "none";
  const auto& x = r.races[0];
  return std::to_string(x.later.thread[0]) + " " + to_string(x.later.kind) + " @" + std::to_string(x.later.offset) +
         " after " + std::to_string(x.earlier.thread[0]) + " " + to_string(x.earlier.kind) + " @" +
         std::to_string(x.earlier.offset) + ", interval " + std::to_string(x.interval);
}

// The line of the first report's later and earlier access ("-" for operator[], which has none).
std::string lines(const simt::host::LaunchResult& r) {
  if (r.races.empty()) return "none";
  auto line = [](const simt::host::RaceAccess& a) { return a.line ? std::to_string(a.line) : std::string("-"); };
  return line(r.races[0].later) + " " + line(r.races[0].earlier);
}

void expect_reports(const simt::host::LaunchResult& r, std::size_t count, const std::string& first_report,
                    const std::string& first_lines) {
  EXPECT_EQ(r.race_count, count);
  EXPECT_EQ(first(r), first_report);
  EXPECT_EQ(lines(r), first_lines);
}

// Counts: one report per access that conflicts with an earlier one of another thread (the
// first conflicting byte's), each pair of threads and offset reported once per interval.

TEST(HostRacecheckPorts, Neighbour) {
  std::vector<float> out(256);
  // Thread t's write of slot t after thread t - 1 read it; thread 255 reads slot 0 after thread 0 wrote it.
  const auto r = run(256, 0, neighbour, simt::host::disjoint(out));
  expect_reports(r, 256u, "1 write @4 after 0 read @4, interval 0", "12 -");
}

TEST(HostRacecheckPorts, ThroughAHelper) {
  std::vector<float> out(128);
  // Threads 1-127 read the slot of thread t - 1, written before; thread 127 writes slot 127 that thread 0 read.
  const auto r = run(128, 0, through_a_helper, simt::host::disjoint(out));
  expect_reports(r, 128u, "1 read @0 after 0 write @0, interval 0", "- 21");
}

TEST(HostRacecheckPorts, ThroughAliases) {
  std::vector<float> out(128);
  // Odd thread t writes the slot its partner t - 1 read, then reads the slot t - 1 wrote.
  const auto r = run(128, 0, through_aliases, simt::host::disjoint(out));
  expect_reports(r, 128u, "1 write @4 after 0 read @4, interval 0", "29 -");
}

TEST(HostRacecheckPorts, SecondDynamicView) {
  std::vector<float> out(32);
  // Threads 1-31 write the slot that thread t - 1 read through the other view.
  const auto r = run(32, 33 * sizeof(float), second_dynamic_view, simt::host::disjoint(out));
  expect_reports(r, 31u, "1 write @4 after 0 read @4, interval 0", "39 -");
  EXPECT_EQ(r.races[0].allocation, "dynamic shared memory");
}

TEST(HostRacecheckPorts, AcrossIterations) {
  std::vector<float> out(128);
  // Interval 1 holds iteration 0's writes and iteration 1's reads: threads 1-127 write slots read before.
  const auto r = run(128, 0, across_iterations, 2u, simt::host::disjoint(out));
  expect_reports(r, 127u, "1 write @4 after 0 read @4, interval 1", "52 -");
  EXPECT_EQ(run(128, 0, across_iterations, 1u, simt::host::disjoint(out)).race_count, 0u);
}

TEST(HostRacecheckPorts, TreeWithoutBarrier) {
  std::vector<float> out(256);
  // Threads 1-127 each write a slot that a lower thread read; threads 1-255 read element 0 that thread 0 wrote.
  const auto r = run(256, 0, tree_without_barrier, simt::host::disjoint(out));
  expect_reports(r, 127u + 255u, "1 write @4 after 0 read @4, interval 1", "66 -");
}

TEST(HostRacecheckPorts, PlainAndAtomic) {
  std::vector<uint32_t> out(64);
  const auto r = run(64, 0, plain_and_atomic, simt::host::disjoint(out));
  expect_reports(r, 63u, "1 atomic @0 after 0 write @0, interval 0", "75 74");
}

TEST(HostRacecheckPorts, OneUniformIndex) {
  std::vector<uint32_t> out(64);
  // Each write of element 0 after the previous thread's (the read that follows sees its own).
  const auto r = run(64, 0, one_uniform_index, simt::host::disjoint(out));
  expect_reports(r, 63u, "1 write @0 after 0 write @0, interval 0", "83 83");
}

TEST(HostRacecheckPorts, ScanWithoutTheMiddleBarrier) {
  std::vector<float> out(256);
  // In the interval of each offset o = 1, 2, ..., 128, threads o-255 read a slot written before.
  const auto r = run(256, 0, scan_without_the_middle_barrier, simt::host::disjoint(out));
  expect_reports(r, 8u * 256 - 255, "1 read @0 after 0 write @0, interval 1", "- 105");
}

TEST(HostRacecheckPorts, AtMutThroughAHelperAndAnAlias) {
  std::vector<float> out(128);
  const auto r = run(128, 0, shared_helper, simt::host::disjoint(out));
  expect_reports(r, 128u, "1 write @4 after 0 write @4, interval 0", "16 11");
}

TEST(HostRacecheckPorts, TileLoopWithoutBarrier) {
  std::vector<float> out(64);
  // Intervals 1-3: each holds one iteration's reads and the next one's writes (64 races each).
  const auto r = run(64, 0, shared_loop_without_barrier, simt::host::disjoint(out));
  expect_reports(r, 3u * 64, "1 write @4 after 0 read @4, interval 1", "39 41");
}

}  // namespace

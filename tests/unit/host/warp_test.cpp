// Warp operations on the host reference follow PTX: shuffles with segments (width) and their
// out-of-segment rules, votes, match, redux over any mask, and the warp reductions over the
// full warp, a prefix of lanes (a partial last warp) and an arbitrary set of lanes.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

constexpr std::uint32_t kFull = simt::warp::full_mask;

struct Shuffles {
  int idx, up, down, xr, idx8, up8, down8, xor8;
};

void shuffles(simt::DisjointSlice<Shuffles> out) {
  auto i = simt::thread::index_1d();
  const int v = 100 + int(simt::warp::lane_id());
  Shuffles s;
  s.idx = simt::warp::shuffle(kFull, v, 37);      // 37 % 32 = lane 5
  s.up = simt::warp::shuffle_up(kFull, v, 3u);
  s.down = simt::warp::shuffle_down(kFull, v, 3u);
  s.xr = simt::warp::shuffle_xor(kFull, v, 6);
  s.idx8 = simt::warp::shuffle(kFull, v, 3, 8);   // lane 3 of each 8-lane segment
  s.up8 = simt::warp::shuffle_up(kFull, v, 2u, 8);
  s.down8 = simt::warp::shuffle_down(kFull, v, 2u, 8);
  s.xor8 = simt::warp::shuffle_xor(kFull, v, 9, 8);  // 9 reaches into the next segment
  if (auto o = out.get_mut(i)) *o = s;
}

TEST(HostWarp, ShufflesFollowPtxSegmentRules) {
  std::vector<Shuffles> out(64);
  simt::host::launch_1d(1, 64, shuffles, simt::host::disjoint(out));
  for (int t = 0; t < 64; ++t) {
    const int lane = t % 32, seg = lane & ~7;
    const Shuffles& s = out[t];
    EXPECT_EQ(s.idx, 105) << t;
    EXPECT_EQ(s.up, 100 + (lane >= 3 ? lane - 3 : lane)) << t;
    EXPECT_EQ(s.down, 100 + (lane + 3 <= 31 ? lane + 3 : lane)) << t;
    EXPECT_EQ(s.xr, 100 + (lane ^ 6)) << t;
    EXPECT_EQ(s.idx8, 100 + seg + 3) << t;
    EXPECT_EQ(s.up8, 100 + (lane - 2 >= seg ? lane - 2 : lane)) << t;
    EXPECT_EQ(s.down8, 100 + (lane + 2 <= seg + 7 ? lane + 2 : lane)) << t;
    // bfly: a source beyond the segment's last lane gives the own value; an earlier one is read.
    const int j = lane ^ 9;
    EXPECT_EQ(s.xor8, 100 + (j <= seg + 7 ? j : lane)) << t;
  }
}

void wide_shuffles(simt::Slice<const double> in, simt::DisjointSlice<double> out,
                   simt::DisjointSlice<unsigned long long> bits) {
  auto i = simt::thread::index_1d();
  const double x = in[i.get()];
  const double y = simt::warp::shuffle_down(kFull, x, 1u);
  const unsigned long long b = simt::warp::shuffle_xor(kFull, 0x100000000ull * i.get() + 7, 31);
  if (auto o = out.get_mut(i)) *o = y;
  if (auto o = bits.get_mut(i)) *o = b;
}

TEST(HostWarp, SixtyFourBitShuffles) {
  std::vector<double> in(32), out(32);
  std::vector<unsigned long long> bits(32);
  for (int t = 0; t < 32; ++t) in[t] = 1.0 / (t + 3);
  simt::host::launch_1d(1, 32, wide_shuffles, simt::host::slice(in), simt::host::disjoint(out),
                        simt::host::disjoint(bits));
  for (int t = 0; t < 32; ++t) {
    EXPECT_EQ(out[t], in[t < 31 ? t + 1 : t]);
    EXPECT_EQ(bits[t], 0x100000000ull * unsigned(t ^ 31) + 7);
  }
}

struct Votes {
  bool any, all;
  unsigned ballot, match_any, match_all, active;
  int redux_add, redux_min;
  unsigned redux_max, redux_and, redux_or, redux_xor;
};

void votes(simt::Slice<const int> in, simt::DisjointSlice<Votes> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= in.size()) return;  // the last warp has 20 live lanes
  const std::size_t first = i.get() / 32 * 32;  // the lanes of this warp that have an element
  const unsigned live = in.size() - first >= 32 ? 32u : unsigned(in.size() - first);
  const unsigned mask = live == 32 ? kFull : (1u << live) - 1;
  const int v = in[i.get()];
  Votes r;
  r.any = simt::warp::any(mask, v > 50);
  r.all = simt::warp::all(mask, v > 0);
  r.ballot = simt::warp::ballot(mask, v % 2 == 0);
  r.match_any = simt::warp::match_any(mask, v % 3);
  r.match_all = simt::warp::match_all(mask, v / 1000);
  r.active = simt::warp::active_mask();
  r.redux_add = simt::warp::redux_add(mask, v - 30);
  r.redux_min = simt::warp::redux_min(mask, v - 30);
  r.redux_max = simt::warp::redux_max(mask, unsigned(v));
  r.redux_and = simt::warp::redux_and(mask, unsigned(v) | 0x100u);
  r.redux_or = simt::warp::redux_or(mask, unsigned(v));
  r.redux_xor = simt::warp::redux_xor(mask, unsigned(v));
  if (auto o = out.get_mut(i)) *o = r;
}

TEST(HostWarp, VotesMatchAndReduxOverAPartialWarp) {
  const int n = 52;  // one full warp, then lanes 0-19
  std::vector<int> in(n);
  for (int t = 0; t < n; ++t) in[t] = (t * 37) % 61 + 1;
  std::vector<Votes> out(64);
  simt::host::launch_1d(1, 64, votes, simt::host::slice(in), simt::host::disjoint(out));
  for (int w = 0; w < 2; ++w) {
    const int first = 32 * w, count = w == 0 ? 32 : 20;
    const unsigned mask = count == 32 ? kFull : (1u << count) - 1;
    bool any = false, all = true;
    unsigned ballot = 0, mx = 0, a = ~0u, o = 0, x = 0;
    int sum = 0, mn = 1 << 30;
    for (int l = 0; l < count; ++l) {
      const int v = in[first + l];
      any |= v > 50;
      all &= v > 0;
      if (v % 2 == 0) ballot |= 1u << l;
      sum += v - 30;
      mn = std::min(mn, v - 30);
      mx = std::max(mx, unsigned(v));
      a &= unsigned(v) | 0x100u;
      o |= unsigned(v);
      x ^= unsigned(v);
    }
    for (int l = 0; l < count; ++l) {
      const Votes& r = out[first + l];
      unsigned same = 0;
      for (int m = 0; m < count; ++m)
        if (in[first + m] % 3 == in[first + l] % 3) same |= 1u << m;
      EXPECT_EQ(r.any, any);
      EXPECT_EQ(r.all, all);
      EXPECT_EQ(r.ballot, ballot);
      EXPECT_EQ(r.match_any, same);
      EXPECT_EQ(r.match_all, mask);  // every value / 1000 is 0
      EXPECT_EQ(r.active, mask);
      EXPECT_EQ(r.redux_add, sum);
      EXPECT_EQ(r.redux_min, mn);
      EXPECT_EQ(r.redux_max, mx);
      EXPECT_EQ(r.redux_and, a);
      EXPECT_EQ(r.redux_or, o);
      EXPECT_EQ(r.redux_xor, x);
    }
  }
}

struct Sums {
  double full, prefix, sparse;
  long long wide;
  float fmax;
  unsigned umin;
};

void reductions(simt::Slice<const double> in, simt::DisjointSlice<Sums> out) {
  auto i = simt::thread::index_1d();
  const unsigned lane = simt::warp::lane_id();
  const double x = in[i.get()];
  Sums s{};
  s.full = simt::warp::reduce_add(kFull, x);
  if (lane < 13) s.prefix = simt::warp::reduce_add(0x1fffu, x);         // lanes 0-12
  if (lane % 3 == 1) s.sparse = simt::warp::reduce_add(0x92492492u, x);  // lanes 1, 4, 7, ...
  s.wide = simt::warp::reduce_add(kFull, (long long)(x * 1e6) - 500000);
  s.fmax = simt::warp::reduce_max(kFull, float(x));
  if (lane < 29) s.umin = simt::warp::reduce_min((1u << 29) - 1, unsigned(x * 1000) + 5);
  if (auto o = out.get_mut(i)) *o = s;
}

TEST(HostWarp, ReductionsOverFullPrefixAndSparseMasks) {
  std::vector<double> in(64);
  for (int t = 0; t < 64; ++t) in[t] = double((t * 7919) % 101) / 128.0;  // exact sums
  std::vector<Sums> out(64);
  simt::host::launch_1d(1, 64, reductions, simt::host::slice(in), simt::host::disjoint(out));
  for (int w = 0; w < 2; ++w) {
    double full = 0, prefix = 0, sparse = 0;
    long long wide = 0;
    float fmax = 0;
    unsigned umin = ~0u;
    for (int l = 0; l < 32; ++l) {
      const double x = in[32 * w + l];
      full += x;
      if (l < 13) prefix += x;
      if (l % 3 == 1) sparse += x;
      wide += (long long)(x * 1e6) - 500000;
      fmax = std::max(fmax, float(x));
      if (l < 29) umin = std::min(umin, unsigned(x * 1000) + 5);
    }
    for (int l = 0; l < 32; ++l) {
      const Sums& s = out[32 * w + l];
      EXPECT_EQ(s.full, full);
      EXPECT_EQ(s.wide, wide);
      EXPECT_EQ(s.fmax, fmax);
      if (l < 13) {
        EXPECT_EQ(s.prefix, prefix);
      }
      if (l % 3 == 1) {
        EXPECT_EQ(s.sparse, sparse);
      }
      if (l < 29) {
        EXPECT_EQ(s.umin, umin);
      }
    }
  }
}

void lane_outside_mask(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  const int v = simt::warp::shuffle(0x0000ffffu, 1, 0);  // lanes 16-31 are not in the mask
  if (auto o = out.get_mut(i)) *o = v;
}

TEST(HostWarpDeathTest, LaneOutsideItsMaskIsReported) {
  std::vector<int> out(32);
  EXPECT_DEATH(simt::host::launch_1d(1, 32, lane_outside_mask, simt::host::disjoint(out)),
               "simt::warp::shuffle: lane 16 of warp 0 calls it with mask 0x0000ffff, which leaves it out");
}

}  // namespace

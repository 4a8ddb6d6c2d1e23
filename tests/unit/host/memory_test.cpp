// Shared memory, dynamic shared memory, atomics and cp.async on the host reference.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

// Two shared arrays: one per declaration, the same for all threads of a block, fresh (0xFF
// bytes) in each block, distinct between declarations.
void blocks(simt::DisjointSlice<unsigned> first_seen, simt::DisjointSlice<unsigned> sums) {
  simt::SharedArray<unsigned, 64> a;
  simt::SharedArray<unsigned, 64> b;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  const unsigned before = a[me.get()];
  simt::sync_threads();
  if (auto s = a.get_mut(me)) *s = unsigned(i.get());
  if (auto s = b.get_mut(me)) *s = 1000;
  simt::sync_threads();
  unsigned sum = 0;
  for (std::size_t k = 0; k < 64; ++k) sum += a[k];
  if (auto o = first_seen.get_mut(i)) *o = before;
  if (auto o = sums.get_mut(i)) *o = sum + b[63 - me.get()];
}

TEST(HostSharedMemory, OneCopyPerBlockFreshEachBlock) {
  std::vector<unsigned> seen(192), sums(192);
  simt::host::launch_1d(3, 64, blocks, simt::host::disjoint(seen), simt::host::disjoint(sums));
  for (int t = 0; t < 192; ++t) {
    const unsigned block = unsigned(t / 64), base = block * 64;
    EXPECT_EQ(seen[t], 0xFFFFFFFFu) << t;
    EXPECT_EQ(sums[t], 64 * base + 63 * 64 / 2 + 1000) << t;
  }
}

void dynamic(simt::DisjointSlice<float> out, simt::DisjointSlice<unsigned> sizes) {
  auto scratch = simt::dynamic_shared<float>();
  auto again = simt::dynamic_shared<double>();
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (auto s = scratch.get_mut(me)) *s = float(me.get()) * 0.5f;
  simt::sync_threads();
  if (auto o = out.get_mut(i)) *o = scratch[scratch.size() - 1 - me.get()];
  if (auto o = sizes.get_mut(i)) *o = unsigned(scratch.size() * 1000 + again.size());
}

TEST(HostSharedMemory, DynamicSharedMemoryIsSizedByTheLaunch) {
  std::vector<float> out(64);
  std::vector<unsigned> sizes(64);
  simt::host::launch(simt::host::LaunchSpec{{2, 1, 1}, {32, 1, 1}, 32 * sizeof(float)}, dynamic,
                     simt::host::disjoint(out), simt::host::disjoint(sizes));
  for (int t = 0; t < 64; ++t) {
    EXPECT_EQ(out[t], float(31 - t % 32) * 0.5f);
    EXPECT_EQ(sizes[t], 32u * 1000 + 16);
  }
}

void counting(simt::Slice<const unsigned> keys, simt::AtomicSlice<unsigned> bins,
              simt::AtomicSlice<float> total, simt::AtomicSlice<long long> extremes) {
  simt::SharedArray<unsigned, 8> local;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (me.get() < 8) local.atomic(me.get()).store(0u);
  simt::sync_threads();
  if (i.get() < keys.size()) {
    const unsigned k = keys[i.get()];
    local.atomic(k % 8).fetch_add(1u, simt::relaxed, simt::block_scope);
    total[0].fetch_add(0.5f);
    extremes[0].fetch_min((long long)k - 100);
    extremes[1].fetch_max((long long)k);
    extremes[2].fetch_xor((long long)k);
    extremes[3].compare_exchange(0, (long long)k + 1);  // only the first thread's CAS succeeds
  }
  simt::sync_threads();
  if (me.get() < 8) bins[me.get()].fetch_add(local[me.get()], simt::acq_rel);
}

TEST(HostAtomics, GlobalAndSharedAtomicsCount) {
  std::vector<unsigned> keys(1000);
  for (unsigned t = 0; t < keys.size(); ++t) keys[t] = (t * 2654435761u) >> 20;
  std::vector<unsigned> bins(8, 0);
  std::vector<float> total(1, 0.0f);
  std::vector<long long> extremes = {1 << 30, -1, 0, 0};
  simt::host::launch_1d(8, 128, counting, simt::host::slice(keys), simt::host::atomic(bins),
                        simt::host::atomic(total), simt::host::atomic(extremes));
  std::vector<unsigned> want(8, 0);
  long long mn = 1 << 30, mx = -1, x = 0;
  for (unsigned k : keys) {
    ++want[k % 8];
    mn = std::min(mn, (long long)k - 100);
    mx = std::max(mx, (long long)k);
    x ^= (long long)k;
  }
  EXPECT_EQ(bins, want);
  EXPECT_EQ(total[0], 500.0f);
  EXPECT_EQ(extremes[0], mn);
  EXPECT_EQ(extremes[1], mx);
  EXPECT_EQ(extremes[2], x);
  EXPECT_EQ(extremes[3], (long long)keys[0] + 1);
}

void staged(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64, 16> tile;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (me.get() < 16) {
    [[simt::unsafe]] {
      simt::async::copy<16>(tile, 4 * me.get(), in, 64 * simt::block::index_x() + 4 * me.get());
      simt::async::commit();
      simt::async::wait<0>();
    }
  }
  simt::sync_threads();
  if (auto o = out.get_mut(i)) *o = tile[me.get()];
}

TEST(HostAsyncCopy, CopiesAndZeroFillsPastTheEnd) {
  std::vector<float> in(64 + 37);  // the second block's tile runs past the end
  for (std::size_t t = 0; t < in.size(); ++t) in[t] = float(t) + 0.25f;
  std::vector<float> out(128, -1.0f);
  simt::host::launch_1d(2, 64, staged, simt::host::slice(in), simt::host::disjoint(out));
  for (std::size_t t = 0; t < 128; ++t) EXPECT_EQ(out[t], t < in.size() ? in[t] : 0.0f) << t;
}

}  // namespace

// A Tile<4> handle's load() and store() on the host: whole tiles and the last, partial one
// (3 elements; load gives 0 past it, store leaves the element after the slice alone).
void tiles_plus(simt::DisjointSlice<int, simt::space::Tile<4>> out) {
  auto i = simt::thread::index_tile<4>();
  if (auto tile = out.get_mut(i)) {
    simt::Vec<int, 4> v = tile.load();
    tile.store({{v[0] + v[3], v[1] + 1, v[2] + 2, v[3] + 3}});
  }
}

TEST(HostTiles, LoadAndStoreWholeAndPartialTiles) {
  std::vector<int> all(12, 0);
  for (int k = 0; k < 12; ++k) all[k] = 10 * k;
  std::vector<int> view(all.begin(), all.begin() + 11);  // 2 whole tiles and one of 3
  simt::host::launch_1d(1, 4, tiles_plus, simt::host::disjoint<simt::space::Tile<4>>(view));
  EXPECT_EQ(view, (std::vector<int>{30, 11, 22, 33, 110, 51, 62, 73, 80, 91, 102}));
}

// Vector loads from a read-only slice on the host: whole vectors, the last partial one (zeros
// past the end), one element and tiles under cache policies (plain accesses here).
void vectors(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    const size_t first = 4 * i.get();
    const simt::Vec<int, 4> v = first + 4 <= in.size() ? in.load<4, simt::cache::read_only>(first)
                                                       : in.load_partial<4, simt::cache::streaming>(first);
    o.store<simt::cache::streaming>(v[0] + 10 * v[1] + 100 * v[2] + 1000 * v[3] + in.load<simt::cache::last_use>(0));
  }
}

TEST(HostVectorLoads, WholeAndPartialVectors) {
  std::vector<int> in(10), out(3);
  for (int k = 0; k < 10; ++k) in[k] = k + 1;
  simt::host::launch_1d(1, 3, vectors, simt::host::slice(in), simt::host::disjoint(out));
  EXPECT_EQ(out, (std::vector<int>{4321 + 1, 8765 + 1, 109 + 1}));
}

// A range past the end stops the thread, and the report names the last index.
void past_the_end(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = in.load<4>(8)[0];
}

TEST(HostVectorLoads, ARangePastTheEndStopsTheThread) {
  std::vector<float> in(10), out(1);
  EXPECT_DEATH(simt::host::launch_1d(1, 1, past_the_end, simt::host::slice(in), simt::host::disjoint(out)),
               "index 11 out of range.*\\(size 10\\)");
}

void tiles_hinted(simt::DisjointSlice<float, simt::space::Tile<2>> out) {
  if (auto tile = out.get_mut(simt::thread::index_tile<2>())) {
    simt::Vec<float, 2> v = tile.load<simt::cache::volatile_>();
    tile.store<simt::cache::write_through>({{v[1], v[0]}});
  }
}

TEST(HostVectorLoads, TilesUnderCachePolicies) {
  std::vector<float> v{1, 2, 3, 4, 5};
  simt::host::launch_1d(1, 3, tiles_hinted, simt::host::disjoint<simt::space::Tile<2>>(v));
  EXPECT_EQ(v, (std::vector<float>{2, 1, 4, 3, 0}));
}

// DisjointSlice::store<N>(i, v): thread t writes elements 4t .. 4t + 3; the last vector keeps
// only the elements inside the slice, and a vector that starts past the end stops the thread.
void vector_stores(simt::DisjointSlice<int> out) {
  const std::size_t t = simt::thread::index_1d().get();
  out.store<4>(4 * t, simt::Vec<int, 4>{{int(10 * t + 1), int(10 * t + 2), int(10 * t + 3), int(10 * t + 4)}});
}

TEST(HostVectorStores, WholeAndPartialVectors) {
  std::vector<int> out(10, -1);
  simt::host::launch_1d(1, 3, vector_stores, simt::host::disjoint(out));
  EXPECT_EQ(out, (std::vector<int>{1, 2, 3, 4, 11, 12, 13, 14, 21, 22}));
}

TEST(HostVectorStores, AStartPastTheEndStopsTheThread) {
  std::vector<int> out(8, -1);
  EXPECT_DEATH(simt::host::launch_1d(1, 3, vector_stores, simt::host::disjoint(out)), "index 8 out of range.*\\(size 8\\)");
}

// Constant memory on the host: the kernel file's own array, filled by the host, read by every
// thread; an index past the end stops the thread as a Slice's does.
namespace {
simt::Constant<int, 4> weights;
struct Scale {
  int factor;
  int offset;
};
simt::Constant<Scale> scale;

void weighted(simt::Slice<const int> index, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = weights[std::size_t(index[i.get()])] * scale.value().factor + scale.value().offset;
}
}  // namespace

TEST(HostConstants, FilledByTheHostReadByEveryThread) {
  const int values[4] = {10, 20, 30, 40};
  weights.host_fill(values);
  const Scale s{3, 1};
  scale.host_fill(&s);
  std::vector<int> index{3, 0, 2, 1, 3}, out(5);
  simt::host::launch_1d(2, 4, weighted, simt::host::slice(index), simt::host::disjoint(out));
  EXPECT_EQ(out, (std::vector<int>{121, 31, 91, 61, 121}));
  EXPECT_EQ(weights.size(), 4u);
}

TEST(HostConstants, AnIndexPastTheEndStopsTheThread) {
  std::vector<int> index{4}, out(1);
  EXPECT_DEATH(simt::host::launch_1d(1, 1, weighted, simt::host::slice(index), simt::host::disjoint(out)),
               "index 4 out of range.*\\(size 4\\)");
}

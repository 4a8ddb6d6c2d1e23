// RUN: %simtc check --arch sm_90 %s 2>&1 | count 0
// RUN: %simtc build --arch sm_90 %s -o /dev/null 2>&1 | count 0
// Asynchronous copies in safe code that cannot race: every copy another thread reads is
// complete (its group waited for) before the barrier that publishes it, and no copy still in
// flight shares a byte with what other threads touch meanwhile.
#include <simt/kernel.hpp>

using simt::SharedArray;

[[kernel, simt::block(128)]] void wait_then_barrier(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 512, 16> tile;
  const uint32_t t = simt::thread::index_x();
  const size_t base = size_t(simt::block::index_x()) * 512;
  simt::async::copy<16>(tile, 4 * t, in, base + 4 * t);
  simt::async::commit();
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[(4 * t + 7) % 512];
}

[[kernel, simt::block(128)]] void wait_all_then_barrier(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 128> tile;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(tile, t, in, simt::thread::index_1d().get());
  simt::async::wait_all();  // commits and waits: no commit() needed
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[127 - t];
}

// Two groups; wait<1> completes the older one only, whose chunks are read after the barrier;
// the newer one's are read after wait<0> and a second barrier.
[[kernel, simt::block(64)]] void older_group_first(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 256, 16> first;
  SharedArray<float, 256, 16> second;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<16>(first, 4 * t, in, 4 * t);
  simt::async::commit();
  simt::async::copy<16>(second, 4 * t, in, 256 + 4 * t);
  simt::async::commit();
  simt::async::wait<1>();
  simt::sync_threads();
  float v = first[(4 * t + 4) % 256];
  simt::async::wait<0>();
  simt::sync_threads();
  v += second[(4 * t + 4) % 256];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// A copy still in flight across a barrier is fine when nobody touches its bytes meanwhile:
// the other half of the array is read, and the copy's half after it completes.
[[kernel, simt::block(64)]] void in_flight_elsewhere(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  simt::async::copy<4>(s, 64 + t, in, t);
  simt::async::commit();
  simt::sync_threads();
  float v = s[63 - t];
  simt::async::wait<0>();
  simt::sync_threads();
  v += s[64 + (t + 1) % 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// Double buffering: while stage k % 2 is read, the copies into stage (k + 1) % 2 fly; wait<1>
// at the top of the next iteration completes them, and the barrier at the bottom keeps the
// refill of a stage after every thread's reads of it.
[[kernel, simt::block(128), simt::requires("in.size() >= tiles * 512")]] void double_buffered(
    uint32_t tiles, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 512, 16> stage;
  const uint32_t t = simt::thread::index_x();
  auto load = [&](uint32_t s, size_t tile) { simt::async::copy<16>(stage, s * 512 + 4 * t, in, tile * 512 + 4 * t); };
  float acc = 0.0f;
  load(0, 0);
  simt::async::commit();
  for (uint32_t k = 0; k < tiles; ++k) {
    if (k + 1 < tiles) {
      load((k + 1) % 2, k + 1);
      simt::async::commit();
      simt::async::wait<1>();
    } else {
      simt::async::wait<0>();
    }
    simt::sync_threads();
    acc += stage[(k % 2) * 512 + (t * 4 + 5) % 512];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// A 2-D tile filled with copies of 8 halves per thread, through a helper, in a loop of its own.
void fill(simt::SharedTile<simt::half, 32, 64, 16>& tile, const simt::Slice<const simt::half>& in, uint32_t t) {
  for (uint32_t chunk = t; chunk < 32 * 64 / 8; chunk += 64)
    simt::async::copy<16, true>(tile, chunk / 8, 8 * (chunk % 8), in, 8 * size_t(chunk));
}

[[kernel, simt::block(64)]] void tile_through_helper(simt::Slice<const simt::half> in, simt::DisjointSlice<float> out) {
  simt::SharedTile<simt::half, 32, 64, 16> tile;
  const uint32_t t = simt::thread::index_x();
  fill(tile, in, t);
  simt::async::commit();
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(tile(t % 32, (t * 3) % 64));
}

// Three stages: the prologue starts tiles 0 and 1; iteration i waits for all but the newest
// group (tile i + 1), reads stage i % 3 and refills stage (i + 2) % 3 (an empty group once no
// tile is left, so that wait<1> keeps counting). The prologue's second copy is still in flight
// in the first iteration, which reads stage 0.
[[kernel, simt::block(128), simt::requires("in.size() >= tiles * 128")]] void three_stages(
    uint32_t tiles, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 3 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  simt::async::copy<4>(stage, t, in, t);
  simt::async::commit();
  simt::async::copy<4>(stage, 128 + t, in, 128 + t);
  simt::async::commit();
  for (uint32_t i = 0; i < tiles; ++i) {
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(i % 3) * 128 + 127 - t];
    simt::sync_threads();
    if (i + 2 < tiles) simt::async::copy<4>(stage, ((i + 2) % 3) * 128 + t, in, (size_t(i) + 2) * 128 + t);
    simt::async::commit();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// (3k + 1) % 2 is (k + 1) % 2: a correct double buffer written another way.
[[kernel, simt::block(128)]] void odd_times_k_plus_one(uint32_t tiles, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t k = 0; k < tiles; ++k) {
    simt::async::copy<4>(stage, ((3 * k + 1) % 2) * 128 + t, in, (size_t(k) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(k % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}
// The copy loop stops before element 512: the reads above it while the copies fly are safe.
[[kernel, simt::block(64)]] void loop_stops_short(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 1024, 16> s;
  const uint32_t t = simt::thread::index_x();
  for (uint32_t c = t; c < 128; c += 64) simt::async::copy<16>(s, 4 * c, in, 4 * size_t(c));
  simt::async::commit();
  simt::sync_threads();
  float v = s[512 + t];
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v + s[t];
}

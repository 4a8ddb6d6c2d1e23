// Host builds only: the race detector and the schedule fuzzer of the host reference.
//
// With the detector on (simt::host::LaunchOptions::detect_races, or SIMT_HOST_RACECHECK=1 in
// the environment), every access to shared memory through the shared-memory classes
// (simt/device/shared.hpp) and to global memory through the slice types (simt/device/slice.hpp,
// AtomicSlice) is recorded with its bytes, its kind (read, write, atomic), the block, the thread
// and the barrier interval (the block's count of barriers so far). Two accesses to overlapping
// bytes by different threads, at least one of them a plain write and not both atomic, that
// nothing orders are a race: reported like compute-sanitizer's racecheck. A barrier orders the
// accesses of a block before it with those after it; warp::sync orders the accesses of the
// lanes that pass it together (a vector clock per warp); the other warp operations do not;
// the blocks of a launch are never ordered (on shared memory they cannot meet anyway).
//
// Shared memory: the check is per byte, against a shadow of each allocation (the last plain
// write, the last read and atomic of up to two threads); an interval's accesses are forgotten
// at the barrier that ends it. Global memory (simt/device/host_racecheck_global.hpp): a shadow
// of the bytes the launch touches, kept for the whole launch, across its blocks. With the
// detector off nothing is recorded: an access costs one test of a thread-local pointer.
//
// The schedule fuzzer (LaunchOptions::schedule_seed, or SIMT_HOST_SCHEDULE_SEED=N) runs the
// ready threads of a block in a pseudo-random order at each switch point (barriers, warp
// operations, nanosleep and, with yield_at_accesses, every recorded access), so
// that a result that depends on the order of the threads shows up.
#pragma once

#if defined(__SIMTC__)
#error "simt/device/host_racecheck.hpp is part of the host reference"
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>
#include <source_location>
#include <string>
#include <tuple>
#include <vector>

#include "simt/device/host_fibers.hpp"

namespace simt::host {

/// What a recorded access did.
enum class AccessKind : std::uint8_t { read, write, atomic };

inline const char* to_string(AccessKind kind) {
  switch (kind) {
    case AccessKind::read: return "read";
    case AccessKind::write: return "write";
    case AccessKind::atomic: return "atomic";
  }
  return "?";
}

/// Which memory a race is on.
enum class MemoryKind : std::uint8_t { shared, global };

inline const char* to_string(MemoryKind kind) { return kind == MemoryKind::shared ? "shared" : "global"; }

/// One side of a race: the block and thread, what it did to which bytes of the allocation, and
/// where (file and line of the access in the kernel; on shared memory, empty for operator[],
/// which cannot take one).
struct RaceAccess {
  std::uint32_t block[3] = {0, 0, 0};
  std::uint32_t thread[3] = {0, 0, 0};
  AccessKind kind = AccessKind::read;
  std::size_t offset = 0;  // bytes from the start of the allocation
  std::size_t bytes = 0;
  std::string file;
  std::uint32_t line = 0;
};

/// A race: two accesses that nothing orders, of one block in one barrier interval or, on global
/// memory, of two blocks. `earlier` ran first on the host.
struct RaceReport {
  MemoryKind memory = MemoryKind::shared;
  std::uint32_t block[3] = {0, 0, 0};  // the block of `later`
  std::uint32_t interval = 0;          // the barriers that block had passed
  // "shared memory declared at FILE:LINE:COL", "dynamic shared memory", "global memory of
  // argument N" (the launch's argument N, from 0) or "global memory outside the launch's arguments"
  std::string allocation;
  std::size_t element_bytes = 0;  // global memory: the size of the allocation's elements
  RaceAccess earlier, later;
};

/// The report as one line (what the detector prints to stderr).
inline std::string to_string(const RaceReport& r) {
  const bool blocks = r.memory == MemoryKind::global &&
                      !std::equal(r.earlier.block, r.earlier.block + 3, r.later.block);
  auto side = [&](const RaceAccess& a) {
    char text[240];
    int n = std::snprintf(text, sizeof text, "%s of %zu bytes at offset %zu", to_string(a.kind), a.bytes, a.offset);
    if (r.element_bytes != 0 && a.offset % r.element_bytes == 0)
      n += std::snprintf(text + n, sizeof text - std::size_t(n), " (element %zu)", a.offset / r.element_bytes);
    n += std::snprintf(text + n, sizeof text - std::size_t(n), " by thread (%u, %u, %u)", a.thread[0], a.thread[1],
                       a.thread[2]);
    if (blocks)
      std::snprintf(text + n, sizeof text - std::size_t(n), " of block (%u, %u, %u)", a.block[0], a.block[1], a.block[2]);
    std::string s = text;
    if (!a.file.empty()) s += " at " + a.file + ":" + std::to_string(a.line);
    return s;
  };
  char head[120];
  if (blocks)
    std::snprintf(head, sizeof head, "race between two blocks on ");
  else
    std::snprintf(head, sizeof head, "race in block (%u, %u, %u), barrier interval %u, on ", r.block[0], r.block[1],
                  r.block[2], r.interval);
  return head + r.allocation + ": " + side(r.later) + " after " + side(r.earlier);
}

}  // namespace simt::host

namespace simt::detail::race {

using host::AccessKind;

struct Access {
  std::uint32_t thread;  // linear index in the block
  std::uint32_t clock;   // the thread's count of warp::sync so far
  AccessKind kind;
  std::uint32_t alloc;
  std::size_t offset, bytes;
  const char* file;
  std::uint32_t line;
};

// The shadow of one byte in the current interval: indices + 1 into the interval's log.
struct Cell {
  std::uint64_t epoch = 0;
  std::uint32_t write = 0, read[2] = {0, 0}, atomic[2] = {0, 0};
};

struct Allocation {
  const unsigned char* data;
  std::size_t bytes;
  std::string name;
  std::vector<Cell> shadow;
};

struct GlobalShadow;  // simt/device/host_racecheck_global.hpp

struct Checker {
  GlobalShadow* global = nullptr;       // the launch's records of global memory
  std::vector<Allocation> allocations;  // of the current block
  std::vector<Access> log;              // of the current interval
  // Per thread, the counts of warp::sync of the lanes of its warp that it has synchronised
  // with (a vector clock per warp): an access of lane p with clock c is ordered before this
  // thread's accesses once clocks[thread][p] > c.
  std::vector<std::array<std::uint32_t, 32>> clocks;
  std::uint64_t epoch = 1;              // the current interval, unique over the launch
  std::uint32_t interval = 0;
  bool yield_at_accesses = false;
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::size_t, std::uint32_t, std::uint32_t>> seen;
  std::vector<host::RaceReport> reports;
  std::size_t total = 0;  // races found, reported or not (duplicates of an earlier one are not)
  std::function<void(const host::RaceReport&)> on_race;
  std::size_t print_limit = 16;
};

inline Allocation* find(Checker& c, fiber::Block& b, const unsigned char* p, std::uint32_t* index) {
  for (std::uint32_t i = 0; i < c.allocations.size(); ++i) {
    Allocation& a = c.allocations[i];
    if (p >= a.data && p < a.data + a.bytes) return *index = i, &a;
  }
  // Allocated since the last look (a static shared variable's first use in this block).
  for (const fiber::SharedVar& v : b.shared)
    if (p >= v.data && p < v.data + v.bytes) {
      char name[300];
      std::snprintf(name, sizeof name, "shared memory declared at %s:%u:%u", v.file, v.line, v.column);
      c.allocations.push_back({v.data, v.bytes, name, std::vector<Cell>(v.bytes)});
      *index = std::uint32_t(c.allocations.size() - 1);
      return &c.allocations.back();
    }
  return nullptr;
}

// Hands a new race on: on_race, stderr (the first print_limit), the list (the first 1000).
inline void emit(Checker& c, host::RaceReport r) {
  if (c.on_race) c.on_race(r);
  if (c.total <= c.print_limit)
    std::fprintf(stderr, "simt host racecheck: %s\n", host::to_string(r).c_str());
  if (c.reports.size() < 1000) c.reports.push_back(std::move(r));
}

inline void report(Checker& c, const fiber::Block& b, const Access& earlier, const Access& later) {
  const auto key = std::make_tuple(earlier.thread, later.thread, earlier.alloc, earlier.offset,
                                   std::uint32_t(earlier.kind) * 3 + std::uint32_t(later.kind), c.interval);
  if (!c.seen.insert(key).second) return;
  ++c.total;
  host::RaceReport r;
  for (int i = 0; i < 3; ++i) r.block[i] = b.index[i];
  r.interval = c.interval;
  r.allocation = c.allocations[earlier.alloc].name;
  auto side = [&](const Access& a, host::RaceAccess& out) {
    const fiber::Fiber& f = b.fibers[a.thread];
    for (int i = 0; i < 3; ++i) out.block[i] = b.index[i], out.thread[i] = f.tid[i];
    out.kind = a.kind, out.offset = a.offset, out.bytes = a.bytes;
    out.file = a.file ? a.file : "";
    out.line = a.line;
  };
  side(earlier, r.earlier);
  side(later, r.later);
  emit(c, std::move(r));
}

// Another thread's access in `slot` that conflicts with `now`: returns it (or null).
inline const Access* conflict(const Checker& c, std::uint32_t slot, const Access& now) {
  if (slot == 0) return nullptr;
  const Access& a = c.log[slot - 1];
  if (a.thread == now.thread) return nullptr;
  if (a.kind != AccessKind::write && now.kind != AccessKind::write) return nullptr;
  if (a.thread / 32 == now.thread / 32 && c.clocks[now.thread][a.thread % 32] > a.clock) return nullptr;
  return &a;
}

// Keeps the latest access of up to two threads in `slots`.
inline void remember(std::uint32_t (&slots)[2], const std::vector<Access>& log, std::uint32_t id) {
  const std::uint32_t thread = log[id - 1].thread;
  for (std::uint32_t& s : slots)
    if (s == 0 || log[s - 1].thread == thread) return void(s = id);
  slots[1] = id;
}

/// Records an access of `bytes` bytes at `p` by the running thread, and reports the races it
/// makes with the interval's earlier accesses. Memory outside the block's shared allocations
/// (a SharedArray used outside a launch) is not recorded.
inline void record(const void* p, std::size_t bytes, AccessKind kind, const char* file, std::uint32_t line) {
  Checker& c = *active;
  fiber::Block* b = fiber::current_block;
  if (b == nullptr || b->current == nullptr || bytes == 0) return;
  std::uint32_t alloc = 0;
  const auto* at = static_cast<const unsigned char*>(p);
  Allocation* a = find(c, *b, at, &alloc);
  if (a == nullptr) return;
  const std::size_t offset = std::size_t(at - a->data);
  if (offset + bytes > a->bytes) bytes = a->bytes - offset;
  const std::uint32_t thread = b->current->linear;
  c.log.push_back({thread, c.clocks[thread][thread % 32], kind, alloc, offset, bytes, file, line});
  const Access now = c.log.back();
  const std::uint32_t id = std::uint32_t(c.log.size());
  bool reported = false;
  for (std::size_t i = offset; i < offset + bytes; ++i) {
    Cell& cell = a->shadow[i];
    if (cell.epoch != c.epoch) cell = Cell{c.epoch};
    if (!reported) {
      const Access* other = conflict(c, cell.write, now);
      if (kind == AccessKind::write)
        for (int k = 0; k < 2 && other == nullptr; ++k)
          if (!(other = conflict(c, cell.read[k], now))) other = conflict(c, cell.atomic[k], now);
      if (other) report(c, *b, *other, now), reported = true;
    }
    if (kind == AccessKind::write) cell.write = id;
    else remember(kind == AccessKind::read ? cell.read : cell.atomic, c.log, id);
  }
  if (c.yield_at_accesses) fiber::pause();
}

/// The block's barrier released its threads (or the block ended): a new interval.
inline void interval_end(Checker& c) {
  c.log.clear();
  ++c.epoch;
  ++c.interval;
}

/// A block starts: its shared memory is fresh.
inline void block_start(Checker& c, fiber::Block& b) {
  c.allocations.clear();
  c.log.clear();
  c.seen.clear();
  ++c.epoch;
  c.interval = 0;
  c.clocks.assign(b.threads, {});
  if (b.dynamic_shared)
    c.allocations.push_back({b.dynamic_shared, b.dynamic_shared_bytes, "dynamic shared memory",
                             std::vector<Cell>(b.dynamic_shared_bytes)});
}

/// The lanes `present` of warp `warp` passed a warp::sync together: each one's accesses before
/// it are ordered before the others' after it.
inline void warp_sync(Checker& c, std::uint32_t warp, std::uint32_t present) {
  std::array<std::uint32_t, 32> joined{};
  for (std::uint32_t p = 0; p < 32; ++p)
    if (present >> p & 1) {
      std::array<std::uint32_t, 32>& mine = c.clocks[warp * 32 + p];
      ++mine[p];
      for (std::uint32_t q = 0; q < 32; ++q) joined[q] = std::max(joined[q], mine[q]);
    }
  for (std::uint32_t p = 0; p < 32; ++p)
    if (present >> p & 1) c.clocks[warp * 32 + p] = joined;
}

}  // namespace simt::detail::race

#include "simt/device/host_racecheck_global.hpp"

namespace simt::detail::fiber {
inline void race_interval_end() { race::interval_end(*race::active); }
inline void race_block_start(Block& b) { race::block_start(*race::active, b); }
inline void race_warp_sync(std::uint32_t warp, std::uint32_t present) { race::warp_sync(*race::active, warp, present); }
}  // namespace simt::detail::fiber

namespace simt::detail {
/// The hook of the shared-memory classes: records the access when the detector is on.
inline void race_note(const void* p, std::size_t bytes, host::AccessKind kind, const char* file = nullptr,
                      std::uint32_t line = 0) {
  if (race::active != nullptr) [[unlikely]]
    race::record(p, bytes, kind, file, line);
}
/// The hook of the slice types (SIMT_GLOBAL_NOTE): records an access of global memory through
/// the view of `view_bytes` bytes at `view` when the detector is on.
inline void global_note(const void* p, std::size_t bytes, host::AccessKind kind, const std::source_location& where,
                        const void* view, std::size_t view_bytes, std::size_t element) {
  if (race::active != nullptr) [[unlikely]]
    race::record_global(*race::active, p, bytes, kind, where.file_name(), where.line(), view, view_bytes, element);
}
}  // namespace simt::detail

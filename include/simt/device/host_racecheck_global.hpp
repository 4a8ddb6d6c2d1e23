// Host builds only: the race detector's records of global memory (the rest of the detector and
// its reports are in simt/device/host_racecheck.hpp).
//
// Global memory is what a kernel reaches through the slice types: Slice reads (operator[],
// get_unchecked), DisjointSlice writes (get_mut, at_mut, get_unchecked_mut) and reads
// (operator[]), AtomicSlice's elements (atomic), and the source of simt::async::copy (a read).
// Unlike shared memory, these records live for the whole launch: the blocks of a launch are
// never ordered with each other (here they run one after another, on the GPU at once), so an
// access races with every earlier conflicting one of another block, and with those of its own
// block in the same barrier interval that warp::sync does not order, as on shared memory.
//
// The shadow: for every 8 aligned bytes the launch touched, four records (which of the 8 bytes,
// read / write / atomic, where the access starts and its size, its site, and its segment: the
// block, thread, barrier interval and warp::sync count it ran in), in pages of 4 KiB of memory,
// allocated when first touched: 8 bytes of shadow per byte, plus 16 bytes per segment. A record
// that a newer access makes redundant (one of the same thread, or of its block ordered before
// it, on bytes it covers) is replaced; when all four hold records, the oldest one goes (the
// oldest read or atomic, for a read or an atomic), so a race with it can be missed, never
// invented.
#pragma once

#if defined(__SIMTC__)
#error "simt/device/host_racecheck_global.hpp is part of the host reference"
#endif

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace simt::detail::race {

/// The memory a slice views (its race_view()): where, how many bytes, the element's size.
struct View {
  const void* data;
  std::size_t bytes, element;
};

/// A stretch of global memory reports name: a launch argument, or a view met outside them.
struct Range {
  const unsigned char* begin;
  std::size_t bytes, element;
  std::string name;
};

/// Where and when an access ran: nothing in it changes between two of the thread's barriers
/// or warp::syncs, so the thread's accesses in that stretch share one.
struct Segment {
  std::uint32_t block;  // linear index in the grid: x + nctaid.x * (y + nctaid.y * z)
  std::uint32_t interval, clock;
  std::uint16_t thread;  // linear index in the block
};

/// One access's record in one 8-byte granule.
struct Record {
  std::uint32_t segment = 0;  // + 1 into GlobalShadow::segments; 0: an empty record
  std::uint16_t site = 0;     // + 1 into GlobalShadow::sites; 0: none
  AccessKind kind = AccessKind::read;
  std::uint8_t mask = 0;      // the bytes of the granule
  std::uint32_t delta = 0;    // the first of them minus the access's first byte
  std::uint32_t bytes = 0;    // the access's size
};

inline constexpr std::uintptr_t kGranule = 8, kPageBytes = 4096;
inline constexpr int kRecords = 4;

struct Page {
  Record records[kPageBytes / kGranule][kRecords];
};

struct Seen {
  std::uint32_t earlier_block, later_block, interval;
  std::uint16_t earlier_thread, later_thread;
  std::uint32_t kinds;
  std::uintptr_t address;
  bool operator==(const Seen&) const = default;
};
struct SeenHash {
  std::size_t operator()(const Seen& s) const {
    std::uint64_t h = s.address * 0x9E3779B97F4A7C15ull;
    for (std::uint64_t v : {std::uint64_t(s.earlier_block) << 32 | s.later_block,
                            std::uint64_t(s.interval) << 32 | std::uint64_t(s.earlier_thread) << 16 | s.later_thread,
                            std::uint64_t(s.kinds)})
      h = (h ^ v) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return std::size_t(h);
  }
};

/// The launch's records of global memory (only while the detector is on).
struct GlobalShadow {
  std::vector<Range> ranges;  // the launch's arguments, then views met outside them
  std::size_t last_range = 0;
  std::unordered_map<std::uintptr_t, std::unique_ptr<Page>> pages;
  std::uintptr_t last_key = ~std::uintptr_t(0);
  Page* last_page = nullptr;
  std::vector<Segment> segments;
  std::vector<std::uint32_t> current;  // per thread of the running block: its latest segment
  struct Site {
    const char* file;
    std::uint32_t line;
  };
  std::vector<Site> sites;
  std::unordered_map<std::uint64_t, std::uint16_t> site_ids;  // by line and file pointer
  std::unordered_set<Seen, SeenHash> seen;  // the races reported, up to kSeen of them
  static constexpr std::size_t kSeen = std::size_t(1) << 18, kViews = 64;
};

inline std::uint32_t block_linear(const fiber::Block& b) {
  return b.index[0] + host_thread.nctaid[0] * (b.index[1] + host_thread.nctaid[1] * b.index[2]);
}

// The running thread's segment (a new one after a barrier or warp::sync).
inline std::uint32_t segment(const Checker& c, GlobalShadow& g, const fiber::Block& b, std::uint32_t thread) {
  const std::uint32_t block = block_linear(b), clock = c.clocks[thread][thread % 32];
  if (g.current.size() != b.threads) g.current.assign(b.threads, 0);
  std::uint32_t& id = g.current[thread];
  if (id != 0) {
    const Segment& s = g.segments[id - 1];
    if (s.block == block && s.interval == c.interval && s.clock == clock) return id;
  }
  g.segments.push_back({block, c.interval, clock, std::uint16_t(thread)});
  return id = std::uint32_t(g.segments.size());
}

inline std::uint16_t site(GlobalShadow& g, const char* file, std::uint32_t line) {
  if (file == nullptr || *file == 0) return 0;
  const std::uint64_t key = reinterpret_cast<std::uintptr_t>(file) * 0x9E3779B97F4A7C15ull ^ line;
  if (auto it = g.site_ids.find(key); it != g.site_ids.end()) return it->second;
  if (g.sites.size() >= 0xFFFF) return 0;  // more sites than a record can name: no file:line
  g.sites.push_back({file, line});
  return g.site_ids[key] = std::uint16_t(g.sites.size());
}

// Remembers the view of an access outside every known range, to name it in reports.
inline void note_view(GlobalShadow& g, const unsigned char* at, const void* view, std::size_t view_bytes,
                      std::size_t element) {
  auto inside = [at](const Range& r) { return at >= r.begin && at < r.begin + r.bytes; };
  if (g.last_range < g.ranges.size() && inside(g.ranges[g.last_range])) return;
  for (std::size_t i = 0; i < g.ranges.size(); ++i)
    if (inside(g.ranges[i])) return void(g.last_range = i);
  if (view == nullptr || g.ranges.size() >= GlobalShadow::kViews) return;
  g.ranges.push_back({static_cast<const unsigned char*>(view), view_bytes, element,
                      "global memory outside the launch's arguments"});
  g.last_range = g.ranges.size() - 1;
}

inline Record* cell(GlobalShadow& g, std::uintptr_t granule) {
  const std::uintptr_t key = granule / kPageBytes;
  if (key != g.last_key) {
    std::unique_ptr<Page>& page = g.pages[key];
    if (!page) page = std::make_unique<Page>();
    g.last_key = key, g.last_page = page.get();
  }
  return g.last_page->records[granule % kPageBytes / kGranule];
}

// Whether the access of segment `e` is ordered before those of segment `n` (the running one).
inline bool ordered(const Checker& c, const GlobalShadow& g, std::uint32_t e, std::uint32_t n) {
  const Segment& a = g.segments[e - 1];
  const Segment& b = g.segments[n - 1];
  if (a.block != b.block) return false;  // the blocks of one launch: never
  if (a.thread == b.thread || a.interval != b.interval) return true;  // program order, a barrier
  return a.thread / 32 == b.thread / 32 && c.clocks[b.thread][a.thread % 32] > a.clock;  // warp::sync
}

// The record in `slots` that races with `now`, at the lowest byte (or null).
inline const Record* conflict(const Checker& c, const GlobalShadow& g, const Record* slots, const Record& now) {
  const Record* found = nullptr;
  int lowest = 8;
  for (int k = 0; k < kRecords; ++k) {
    const Record& r = slots[k];
    const unsigned common = r.mask & now.mask;
    if (r.segment == 0 || common == 0) continue;
    if (r.kind != AccessKind::write && now.kind != AccessKind::write) continue;
    if (std::countr_zero(common) >= lowest || ordered(c, g, r.segment, now.segment)) continue;
    found = &r, lowest = std::countr_zero(common);
  }
  return found;
}

// Puts `now` in `slots`: in place of the records it makes redundant (a later access that races
// with one of them races with `now` too), else in an empty one, else in place of the oldest.
inline void insert(const Checker& c, const GlobalShadow& g, Record* slots, const Record& now) {
  auto keep = [&now](const Record& r) { return now.kind != AccessKind::write && r.kind == AccessKind::write; };
  Record* empty = nullptr;
  Record* oldest = nullptr;
  for (int k = 0; k < kRecords; ++k) {
    Record& r = slots[k];
    if (r.segment != 0 && (r.mask & ~now.mask) == 0 && (now.kind == AccessKind::write || r.kind != AccessKind::write) &&
        ordered(c, g, r.segment, now.segment))
      r.segment = 0;
    if (r.segment == 0) {
      if (empty == nullptr) empty = &r;
      continue;
    }
    // Reads and atomics race only with writes: for one of them, a write goes last.
    if (oldest == nullptr || keep(r) < keep(*oldest) || (keep(r) == keep(*oldest) && r.segment < oldest->segment))
      oldest = &r;
  }
  *(empty ? empty : oldest) = now;
}

inline void report_global(Checker& c, GlobalShadow& g, const fiber::Block& b, const Record& earlier,
                          std::uintptr_t granule, const Record& now, const unsigned char* at) {
  const Segment& e = g.segments[earlier.segment - 1];
  const Segment& n = g.segments[now.segment - 1];
  const auto* start = reinterpret_cast<const unsigned char*>(granule + std::uintptr_t(std::countr_zero(unsigned(earlier.mask)))) -
                      earlier.delta;
  const Seen key{e.block,  n.block,  e.block == n.block ? n.interval : ~0u, e.thread, n.thread,
                 std::uint32_t(earlier.kind) * 3 + std::uint32_t(now.kind), reinterpret_cast<std::uintptr_t>(start)};
  if (g.seen.size() < GlobalShadow::kSeen ? !g.seen.insert(key).second : g.seen.count(key) != 0) return;
  ++c.total;
  // Named by the first range that holds both accesses (the launch's arguments come first).
  const Range* range = nullptr;
  for (const Range& r : g.ranges)
    if (start >= r.begin && start < r.begin + r.bytes && at >= r.begin && at < r.begin + r.bytes) {
      range = &r;
      break;
    }
  const Range fallback{std::min(start, at), 0, 0, "global memory outside the launch's arguments"};
  if (range == nullptr) range = &fallback;
  host::RaceReport r;
  r.memory = host::MemoryKind::global;
  r.interval = n.interval;
  r.allocation = range->name;
  r.element_bytes = range->element;
  auto side = [&](const Segment& s, const Record& x, const unsigned char* first, host::RaceAccess& out) {
    const std::uint32_t grid[2] = {host_thread.nctaid[0], host_thread.nctaid[1]};
    out.block[0] = s.block % grid[0], out.block[1] = s.block / grid[0] % grid[1], out.block[2] = s.block / grid[0] / grid[1];
    for (int i = 0; i < 3; ++i) out.thread[i] = b.fibers[s.thread].tid[i];
    out.kind = x.kind, out.offset = std::size_t(first - range->begin), out.bytes = x.bytes;
    if (x.site != 0) out.file = g.sites[x.site - 1].file, out.line = g.sites[x.site - 1].line;
  };
  side(e, earlier, start, r.earlier);
  side(n, now, at, r.later);
  for (int i = 0; i < 3; ++i) r.block[i] = r.later.block[i];
  emit(c, std::move(r));
}

/// Records an access of `bytes` bytes of global memory at `p` by the running thread, through a
/// view of `view_bytes` bytes at `view` with elements of `element` bytes, and reports the races
/// it makes with the launch's earlier accesses.
inline void record_global(Checker& c, const void* p, std::size_t bytes, AccessKind kind, const char* file,
                          std::uint32_t line, const void* view, std::size_t view_bytes, std::size_t element) {
  fiber::Block* b = fiber::current_block;
  if (c.global == nullptr || b == nullptr || b->current == nullptr || bytes == 0) return;
  GlobalShadow& g = *c.global;
  const auto* at = static_cast<const unsigned char*>(p);
  note_view(g, at, view, view_bytes, element);
  Record now;
  now.segment = segment(c, g, *b, b->current->linear);
  now.site = site(g, file, line);
  now.kind = kind;
  now.bytes = std::uint32_t(std::min<std::size_t>(bytes, 0xFFFFFFFFu));
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(at), end = first + bytes;
  bool reported = false;
  for (std::uintptr_t granule = first & ~(kGranule - 1); granule < end; granule += kGranule) {
    const std::uintptr_t lo = std::max(first, granule), hi = std::min(end, granule + kGranule);
    now.mask = std::uint8_t(((1u << (hi - lo)) - 1) << (lo - granule));
    now.delta = std::uint32_t(lo - first);
    Record* slots = cell(g, granule);
    if (!reported)
      if (const Record* other = conflict(c, g, slots, now)) {
        const Record earlier = *other;
        report_global(c, g, *b, earlier, granule, now, at);
        reported = true;
      }
    insert(c, g, slots, now);
  }
  if (c.yield_at_accesses) fiber::pause();
}

}  // namespace simt::detail::race

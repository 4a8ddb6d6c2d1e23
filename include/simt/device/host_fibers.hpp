// Host builds only: the threads of a block as fibers, so that the CPU reference can run kernels
// that cooperate (block barriers, warp shuffles and votes, shared memory).
//
// simt::host::launch runs the blocks of a grid one after another; within a block each thread is
// a fiber with its own stack. A fiber runs until it finishes or waits: at a block barrier (until
// every thread that has not exited is there, as bar.sync on sm_70+), at a warp operation (until
// every lane of its mask that has not exited is there), or in nanosleep (a yield). Fibers are
// cooperative and run on one OS thread, so plain memory operations are atomic here. A block in
// which every live fiber waits and none can go on is a deadlock: reported, then abort(). The
// ready fibers run in index order, or in a seeded random order (the schedule fuzzer,
// simt/device/host_racecheck.hpp, which also holds the race detector).
#pragma once

#if defined(__SIMTC__)
#error "simt/device/host_fibers.hpp is part of the host reference"
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#define SIMT_FIBER_ASM 1
#include <sys/mman.h>
#else
#include <ucontext.h>
#endif

#include "simt/device/thread.hpp"

// Under ThreadSanitizer each fiber is a TSan fiber too, and every switch is announced to it, so
// that it follows the stacks (GCC defines __SANITIZE_THREAD__; Clang has the feature test).
#if defined(__SANITIZE_THREAD__)
#define SIMT_FIBER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SIMT_FIBER_TSAN 1
#endif
#endif
#if defined(SIMT_FIBER_TSAN)
extern "C" {
void* __tsan_get_current_fiber(void);
void* __tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void* fiber);
void __tsan_switch_to_fiber(void* fiber, unsigned flags);
}
#endif

// The context switch: saves the callee-saved registers of the running fiber on its stack, stores
// its stack pointer in *save, and continues the fiber whose stack pointer is `load`. Weak, so
// that every translation unit may carry this definition.
#if defined(SIMT_FIBER_ASM) && defined(__x86_64__)
extern "C" void simt_fiber_switch_v1(void** save, void* load);
asm(R"(
  .pushsection .text.simt_fiber_switch_v1,"axG",@progbits,simt_fiber_switch_v1,comdat
  .weak simt_fiber_switch_v1
  .hidden simt_fiber_switch_v1
  .type simt_fiber_switch_v1, @function
  .p2align 4
simt_fiber_switch_v1:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size simt_fiber_switch_v1, .-simt_fiber_switch_v1
  .popsection
)");
#elif defined(SIMT_FIBER_ASM) && defined(__aarch64__)
extern "C" void simt_fiber_switch_v1(void** save, void* load);
asm(R"(
  .pushsection .text.simt_fiber_switch_v1,"axG",%progbits,simt_fiber_switch_v1,comdat
  .weak simt_fiber_switch_v1
  .hidden simt_fiber_switch_v1
  .type simt_fiber_switch_v1, %function
  .p2align 4
simt_fiber_switch_v1:
  sub sp, sp, #160
  stp x19, x20, [sp, #0]
  stp x21, x22, [sp, #16]
  stp x23, x24, [sp, #32]
  stp x25, x26, [sp, #48]
  stp x27, x28, [sp, #64]
  stp x29, x30, [sp, #80]
  stp d8, d9, [sp, #96]
  stp d10, d11, [sp, #112]
  stp d12, d13, [sp, #128]
  stp d14, d15, [sp, #144]
  mov x9, sp
  str x9, [x0]
  mov sp, x1
  ldp x19, x20, [sp, #0]
  ldp x21, x22, [sp, #16]
  ldp x23, x24, [sp, #32]
  ldp x25, x26, [sp, #48]
  ldp x27, x28, [sp, #64]
  ldp x29, x30, [sp, #80]
  ldp d8, d9, [sp, #96]
  ldp d10, d11, [sp, #112]
  ldp d12, d13, [sp, #128]
  ldp d14, d15, [sp, #144]
  add sp, sp, #160
  ret
  .size simt_fiber_switch_v1, .-simt_fiber_switch_v1
  .popsection
)");
#endif

namespace simt::detail::race {
struct Checker;
// The race detector of the running launch (simt/device/host_racecheck.hpp); null when it is off.
inline thread_local Checker* active = nullptr;
}  // namespace simt::detail::race

namespace simt::detail::fiber {

inline constexpr std::size_t kStackBytes = std::size_t(256) << 10;

enum class State : std::uint8_t { Ready, AtBarrier, AtWarp, Done };

struct Fiber {
#if defined(SIMT_FIBER_ASM)
  void* sp = nullptr;
#else
  ucontext_t context;
#endif
  unsigned char* stack = nullptr;  // the usable stack (above a guard page where there is one)
  State state = State::Ready;
  std::uint32_t linear = 0;   // index in the block: x + dim.x * (y + dim.y * z)
  std::uint32_t tid[3] = {0, 0, 0};
  bool pred = false;          // this thread's barrier operand
  std::uint32_t barrier_count = 0;  // the block's count of true operands, set at release
  std::uint32_t barrier_arrived = 0;
  std::uint32_t warp_present = 0;   // the lanes that took part in the last warp operation
#if defined(SIMT_FIBER_TSAN)
  void* tsan = nullptr;
#endif
};

// A warp operation waiting for lanes: each lane's operand (`in`) and where its view of all
// operands goes (`out`, 32 slots of `bytes`).
struct Collective {
  std::uint32_t warp = 0, mask = 0, arrived = 0;
  std::size_t bytes = 0;
  const char* what = "";
  const void* in[32] = {};
  unsigned char* out[32] = {};
};

struct SharedVar {
  const char* file;
  std::uint32_t line, column;
  std::size_t bytes, align;
  unsigned char* data;
};

struct Block {
  std::vector<Fiber> fibers;
  std::uint32_t threads = 0, live = 0, at_barrier = 0;
  std::uint32_t dim[3] = {1, 1, 1}, index[3] = {0, 0, 0};
  Fiber* current = nullptr;
#if defined(SIMT_FIBER_ASM)
  void* scheduler_sp = nullptr;
#else
  ucontext_t scheduler;
#endif
  void (*body)(void*) = nullptr;
  void* body_context = nullptr;
  std::vector<Collective> pending;
  std::vector<SharedVar> shared;   // static shared memory, by declaration site
  unsigned char* dynamic_shared = nullptr;
  std::size_t dynamic_shared_bytes = 0;
  std::uint64_t shuffle = 0;  // the schedule fuzzer's generator state; 0: threads run in order
#if defined(SIMT_FIBER_TSAN)
  void* tsan_scheduler = nullptr;
#endif
};

// The race detector's hooks (simt/device/host_racecheck.hpp).
inline void race_interval_end();
inline void race_block_start(Block& b);
inline void race_warp_sync(std::uint32_t warp, std::uint32_t present);

inline thread_local Block* current_block = nullptr;

[[noreturn]] inline void fail(const char* message) {
  std::fprintf(stderr, "simt host reference: %s\n", message);
  std::abort();
}

// ------------------------------------------------------------------------------------------
// Switching

inline void resume(Block& b, Fiber& f) {
  b.current = &f;
  host_thread.tid[0] = f.tid[0], host_thread.tid[1] = f.tid[1], host_thread.tid[2] = f.tid[2];
#if defined(SIMT_FIBER_TSAN)
  __tsan_switch_to_fiber(f.tsan, 0);
#endif
#if defined(SIMT_FIBER_ASM)
  simt_fiber_switch_v1(&b.scheduler_sp, f.sp);
#else
  swapcontext(&b.scheduler, &f.context);
#endif
  b.current = nullptr;
}

// Back to the scheduler; returns when the scheduler resumes this fiber.
inline void yield(Block& b, Fiber& f) {
#if defined(SIMT_FIBER_TSAN)
  __tsan_switch_to_fiber(b.tsan_scheduler, 0);
#endif
#if defined(SIMT_FIBER_ASM)
  simt_fiber_switch_v1(&f.sp, b.scheduler_sp);
#else
  swapcontext(&f.context, &b.scheduler);
#endif
}

extern "C" inline void simt_fiber_entry_v1() {
  Block& b = *current_block;
  Fiber& f = *b.current;
  b.body(b.body_context);
  f.state = State::Done;
  yield(b, f);
  fail("a finished thread was resumed");
}

inline void start(Fiber& f) {
  f.state = State::Ready;
  unsigned char* top = f.stack + kStackBytes;
#if defined(SIMT_FIBER_ASM) && defined(__x86_64__)
  // The frame simt_fiber_switch_v1 pops: mxcsr/x87 control words, r15..r12, rbx, rbp, then the
  // address it returns to (the entry) and a null return address for the entry itself, placed
  // so that the entry starts with rsp = 8 (mod 16) as after a call.
  auto* slot = reinterpret_cast<std::uint64_t*>(top) - 9;
  std::memset(slot, 0, 9 * sizeof(std::uint64_t));
  const std::uint32_t control[2] = {0x1F80u, 0x037Fu};  // the ABI's default MXCSR and x87 CW
  std::memcpy(slot, control, sizeof control);
  slot[7] = reinterpret_cast<std::uint64_t>(&simt_fiber_entry_v1);
  f.sp = slot;
#elif defined(SIMT_FIBER_ASM) && defined(__aarch64__)
  // x19..x28, x29 = 0, x30 = the entry, d8..d15; sp ends at the (16-byte aligned) top.
  auto* slot = reinterpret_cast<std::uint64_t*>(top) - 20;
  std::memset(slot, 0, 20 * sizeof(std::uint64_t));
  slot[11] = reinterpret_cast<std::uint64_t>(&simt_fiber_entry_v1);
  f.sp = slot;
#else
  getcontext(&f.context);
  f.context.uc_stack.ss_sp = f.stack;
  f.context.uc_stack.ss_size = kStackBytes;
  f.context.uc_link = nullptr;
  makecontext(&f.context, reinterpret_cast<void (*)()>(&simt_fiber_entry_v1), 0);
#endif
}

// ------------------------------------------------------------------------------------------
// Barriers

inline void release_barrier(Block& b) {
  std::uint32_t count = 0;
  for (Fiber& f : b.fibers)
    if (f.state == State::AtBarrier && f.pred) ++count;
  for (Fiber& f : b.fibers)
    if (f.state == State::AtBarrier) {
      f.barrier_count = count;
      f.barrier_arrived = b.at_barrier;
      f.state = State::Ready;
    }
  b.at_barrier = 0;
  if (race::active) race_interval_end();
}

/// bar.sync / bar.red: waits for every live thread of the block; the count of true `pred`s.
/// Outside a launch (a kernel called directly) there is one thread.
inline std::uint32_t barrier(bool pred, std::uint32_t* arrived = nullptr) {
  Block* b = current_block;
  if (b == nullptr || b->current == nullptr) {
    if (arrived) *arrived = 1;
    return pred ? 1u : 0u;
  }
  Fiber& f = *b->current;
  f.pred = pred;
  f.state = State::AtBarrier;
  ++b->at_barrier;
  yield(*b, f);
  if (arrived) *arrived = f.barrier_arrived;
  return f.barrier_count;
}

// ------------------------------------------------------------------------------------------
// Warp operations

inline std::uint32_t live_lanes(const Block& b, std::uint32_t warp) {
  std::uint32_t lanes = 0;
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    std::uint32_t t = warp * 32 + lane;
    if (t < b.threads && b.fibers[t].state != State::Done) lanes |= 1u << lane;
  }
  return lanes;
}

// Hands every lane the operands of all lanes that took part, and lets them go on.
inline void complete(Block& b, std::size_t index) {
  Collective c = b.pending[index];
  b.pending.erase(b.pending.begin() + std::ptrdiff_t(index));
  const std::uint32_t present = c.arrived;
  if (race::active && std::strcmp(c.what, "simt::warp::sync") == 0) race_warp_sync(c.warp, present);
  for (std::uint32_t p = 0; p < 32; ++p) {
    if (!(present >> p & 1)) continue;
    for (std::uint32_t q = 0; q < 32; ++q)
      if (present >> q & 1) std::memcpy(c.out[p] + q * c.bytes, c.in[q], c.bytes);
    Fiber& f = b.fibers[c.warp * 32 + p];
    f.warp_present = present;
    if (f.state == State::AtWarp) f.state = State::Ready;
  }
}

// Completes the collectives whose missing lanes have all exited.
inline void complete_ready(Block& b) {
  for (std::size_t i = 0; i < b.pending.size();) {
    const Collective& c = b.pending[i];
    if ((c.mask & live_lanes(b, c.warp) & ~c.arrived) == 0)
      complete(b, i);
    else
      ++i;
  }
}

/// The all-gather underneath every warp operation: the calling lane contributes `bytes` at
/// `in`; when every live lane of `mask` has contributed, each one finds lane q's operand at
/// out + q * bytes (lanes that did not take part: untouched). Returns the lanes that took part.
inline std::uint32_t gather(std::uint32_t mask, const void* in, void* out, std::size_t bytes,
                            const char* what) {
  Block* b = current_block;
  if (b == nullptr || b->current == nullptr) {  // one thread: lane 0 alone
    std::memcpy(out, in, bytes);
    return 1;
  }
  Fiber& f = *b->current;
  const std::uint32_t lane = f.linear % 32, warp = f.linear / 32;
  if (!(mask >> lane & 1)) {
    char message[160];
    std::snprintf(message, sizeof message, "%s: lane %u of warp %u calls it with mask 0x%08x, which leaves it out",
                  what, lane, warp, mask);
    fail(message);
  }
  std::size_t index = b->pending.size();
  for (std::size_t i = 0; i < b->pending.size(); ++i)
    if (b->pending[i].warp == warp && b->pending[i].mask == mask) index = i;
  if (index == b->pending.size()) {
    Collective c;
    c.warp = warp, c.mask = mask, c.bytes = bytes, c.what = what;
    b->pending.push_back(c);
  }
  Collective& c = b->pending[index];
  if (c.bytes != bytes || std::strcmp(c.what, what) != 0) {
    char message[200];
    std::snprintf(message, sizeof message, "lanes of warp %u with mask 0x%08x meet at different warp operations (%s, %s)",
                  warp, mask, c.what, what);
    fail(message);
  }
  c.in[lane] = in;
  c.out[lane] = static_cast<unsigned char*>(out);
  c.arrived |= 1u << lane;
  if ((mask & live_lanes(*b, warp) & ~c.arrived) == 0) {
    complete(*b, index);
  } else {
    f.state = State::AtWarp;
    yield(*b, f);
  }
  return f.warp_present;
}

/// The calling thread's lane (index in the block mod 32) and warp.
inline std::uint32_t lane_id() {
  Block* b = current_block;
  return b && b->current ? b->current->linear % 32 : 0;
}

/// nanosleep on the host: let the other threads of the block run (a spin-wait must call it).
inline void pause() {
  Block* b = current_block;
  if (b == nullptr || b->current == nullptr) return;
  yield(*b, *b->current);
}

// ------------------------------------------------------------------------------------------
// Shared memory

/// The block's copy of the shared variable declared at (file, line, column): the same memory
/// for every thread of the block, filled with 0xFF bytes when the block starts (shared memory
/// starts uninitialised on the GPU; a read before any write shows up as NaN or all ones).
inline void* shared_storage(const char* file, std::uint32_t line, std::uint32_t column,
                            std::size_t bytes, std::size_t align) {
  Block* b = current_block;
  if (b == nullptr) fail("shared memory used outside simt::host::launch");
  for (SharedVar& v : b->shared)
    if (v.line == line && v.column == column && v.bytes == bytes &&
        (v.file == file || std::strcmp(v.file, file) == 0))
      return v.data;
  if (align < alignof(std::max_align_t)) align = alignof(std::max_align_t);
  void* data = std::aligned_alloc(align, (bytes + align - 1) / align * align);
  if (data == nullptr) fail("out of memory for shared memory");
  std::memset(data, 0xFF, bytes);
  b->shared.push_back({file, line, column, bytes, align, static_cast<unsigned char*>(data)});
  return data;
}

inline unsigned char* dynamic_shared(std::size_t* bytes) {
  Block* b = current_block;
  if (b == nullptr) fail("dynamic shared memory used outside simt::host::launch");
  *bytes = b->dynamic_shared_bytes;
  return b->dynamic_shared;
}

// ------------------------------------------------------------------------------------------
// The grid

[[noreturn]] inline void deadlock(const Block& b) {
  std::uint32_t barrier = 0, warp = 0;
  for (const Fiber& f : b.fibers) {
    barrier += f.state == State::AtBarrier;
    warp += f.state == State::AtWarp;
  }
  char message[400];
  int n = std::snprintf(message, sizeof message,
                        "deadlock in block (%u, %u, %u): %u threads wait at a block barrier, %u at "
                        "warp operations",
                        b.index[0], b.index[1], b.index[2], barrier, warp);
  for (const Collective& c : b.pending) {
    if (n < 0 || std::size_t(n) >= sizeof message) break;
    n += std::snprintf(message + n, sizeof message - std::size_t(n),
                       "; %s in warp %u waits for lanes 0x%08x of mask 0x%08x", c.what, c.warp,
                       c.mask & ~c.arrived, c.mask);
  }
  fail(message);
}

// A step of the schedule fuzzer's generator (xorshift64*).
inline std::uint64_t next_random(std::uint64_t& state) {
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545F4914F6CDD1Dull;
}

// Runs `f` to its next switch point, then lets go what its progress allows.
inline void step(Block& b, Fiber& f) {
  resume(b, f);
  if (f.state == State::Done) {
    --b.live;
    complete_ready(b);  // warp operations that waited for this lane go on without it
  }
  if (b.at_barrier > 0 && b.at_barrier == b.live) release_barrier(b);
}

inline void run_block(Block& b) {
  for (Fiber& f : b.fibers) start(f);
  b.live = b.threads;
  b.at_barrier = 0;
  b.pending.clear();
  for (SharedVar& v : b.shared) std::memset(v.data, 0xFF, v.bytes);
  if (b.dynamic_shared) std::memset(b.dynamic_shared, 0xFF, b.dynamic_shared_bytes);
  if (race::active) race_block_start(b);
  std::vector<Fiber*> ready;
  while (b.live > 0) {
    bool ran = false;
    if (b.shuffle != 0) {  // one ready thread, drawn at random
      ready.clear();
      for (Fiber& f : b.fibers)
        if (f.state == State::Ready) ready.push_back(&f);
      if (!ready.empty()) ran = true, step(b, *ready[next_random(b.shuffle) % ready.size()]);
    } else {
      for (Fiber& f : b.fibers)
        if (f.state == State::Ready) ran = true, step(b, f);
    }
    if (!ran && b.live > 0) deadlock(b);
  }
  if (race::active) race_interval_end();
}

inline unsigned char* allocate_stacks(std::size_t count, std::size_t* mapped) {
#if defined(SIMT_FIBER_ASM)
  const std::size_t page = 4096, each = kStackBytes + page;
  *mapped = count * each;
  void* p = mmap(nullptr, *mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) fail("cannot map the stacks of a block's threads");
  auto* base = static_cast<unsigned char*>(p);
  for (std::size_t i = 0; i < count; ++i) mprotect(base + i * each, page, PROT_NONE);  // overflow guard
  return base;
#else
  *mapped = count * kStackBytes;
  auto* base = static_cast<unsigned char*>(std::aligned_alloc(64, *mapped));
  if (base == nullptr) fail("cannot allocate the stacks of a block's threads");
  return base;
#endif
}

inline void free_stacks(unsigned char* base, std::size_t mapped) {
#if defined(SIMT_FIBER_ASM)
  munmap(base, mapped);
#else
  (void)mapped;
  std::free(base);
#endif
}

/// Runs `body(context)` once per thread of the grid, block after block, each block's threads as
/// fibers; host_thread reports each thread's coordinates while it runs.
inline void run_grid(const std::uint32_t grid[3], const std::uint32_t block[3], std::size_t dynamic_bytes,
                     void (*body)(void*), void* context, std::uint64_t shuffle = 0) {
  const std::uint64_t threads = std::uint64_t(block[0]) * block[1] * block[2];
  if (threads == 0 || std::uint64_t(grid[0]) * grid[1] * grid[2] == 0) return;
  if (threads > 1024) fail("a block has at most 1024 threads");
  Block b;
  b.threads = std::uint32_t(threads);
  b.body = body;
  b.body_context = context;
  b.shuffle = shuffle;
  for (int i = 0; i < 3; ++i) b.dim[i] = block[i];
  std::size_t mapped = 0;
#if defined(SIMT_FIBER_ASM)
  const std::size_t each = kStackBytes + 4096, skip = 4096;
#else
  const std::size_t each = kStackBytes, skip = 0;
#endif
  unsigned char* stacks = allocate_stacks(b.threads, &mapped);
  b.fibers.resize(b.threads);
  for (std::uint32_t t = 0; t < b.threads; ++t) {
    Fiber& f = b.fibers[t];
    f.stack = stacks + t * each + skip;
    f.linear = t;
    f.tid[0] = t % block[0];
    f.tid[1] = t / block[0] % block[1];
    f.tid[2] = t / (block[0] * block[1]);
#if defined(SIMT_FIBER_TSAN)
    f.tsan = __tsan_create_fiber(0);
#endif
  }
#if defined(SIMT_FIBER_TSAN)
  b.tsan_scheduler = __tsan_get_current_fiber();
#endif
  std::vector<unsigned char> dynamic(dynamic_bytes + 16);
  if (dynamic_bytes > 0) {
    auto address = reinterpret_cast<std::uintptr_t>(dynamic.data());
    b.dynamic_shared = dynamic.data() + ((16 - address % 16) % 16);
    b.dynamic_shared_bytes = dynamic_bytes;
  }

  Block* saved_block = current_block;
  const HostThreadState saved = host_thread;
  current_block = &b;
  for (int i = 0; i < 3; ++i) host_thread.ntid[i] = block[i], host_thread.nctaid[i] = grid[i];
  for (std::uint32_t bz = 0; bz < grid[2]; ++bz)
    for (std::uint32_t by = 0; by < grid[1]; ++by)
      for (std::uint32_t bx = 0; bx < grid[0]; ++bx) {
        b.index[0] = bx, b.index[1] = by, b.index[2] = bz;
        host_thread.ctaid[0] = bx, host_thread.ctaid[1] = by, host_thread.ctaid[2] = bz;
        run_block(b);
      }
  current_block = saved_block;
  host_thread = saved;
  for (SharedVar& v : b.shared) std::free(v.data);
#if defined(SIMT_FIBER_TSAN)
  for (Fiber& f : b.fibers) __tsan_destroy_fiber(f.tsan);
#endif
  free_stacks(stacks, mapped);
}

}  // namespace simt::detail::fiber

#include "simt/device/host_racecheck.hpp"

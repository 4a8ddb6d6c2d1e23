// Symbolic addresses of memory accesses, for the race rules (simt-shared-race, and
// simt-global-race for the writable buffers in SymbolicOptions::buffers). For each load, store,
// atomic, memcpy/memset, cp.async and ldmatrix of a kernel's analysis view that reaches a shared
// variable (or such a buffer's data parameter), the byte offset within that variable as a term over the thread's
// and the block's symbols, the access size, whether it writes, whether it is atomic, and the
// branch conditions that must hold where it runs.
//
// Terms mirror the IR's integer arithmetic exactly (fixed-width, wrapping: add, sub, mul, shifts,
// division and remainder by constants, and, or, xor, zext/sext/trunc, icmp, select - so min and
// max too), over these leaves:
//  - constants; tid.* and laneid (per thread); ntid.*, ctaid.*, nctaid.*, the dynamic shared size
//    and the kernel's arguments (the same for every thread of the block);
//  - for a loop induction variable (a header phi `i = phi [init, i + step]` with a loop-invariant
//    step) init + step * k, with k the iteration count of that loop;
//  - a header phi that only shrinks (`s = phi [init, s >> c]`, or s / c) is a symbol bounded
//    by init;
//  - anything else (a value read from memory, a float, a phi that is no induction variable): a
//    free symbol standing for that value, block-uniform or per-thread as the uniformity analysis
//    says.
// A leaf defined inside a loop stands for its value in one iteration: its `scope` is the header
// of the innermost loop containing its definition, and the race solver gives each thread its own
// copy unless both threads are known to be in the same iteration (intervals.hpp).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analysis/loops.hpp"
#include "analysis/uniformity.hpp"
#include "ir/function.hpp"

namespace simtc::analysis {

struct Term {
  enum class Kind : std::uint8_t {
    Const,          // value
    ThreadIndex,    // tid.<dim>
    LaneIndex,      // laneid
    BlockDim,       // ntid.<dim>
    BlockIndex,     // ctaid.<dim>
    GridDim,        // nctaid.<dim>
    DynamicShared,  // the launch's dynamic shared bytes
    Argument,       // kernel argument number `value`
    Symbol,         // the value `source` (an unknown)
    LoopCount,      // the iteration count of the loop headed by `scope`
    Binary,         // op(ops[0], ops[1]) for the integer binary opcodes
    Cast,           // op(ops[0]): zext, sext, trunc
    Compare,        // icmp pred (ops[0], ops[1]), width 1
    Select,         // ops[0] (width 1) ? ops[1] : ops[2]
  };
  Kind kind = Kind::Const;
  unsigned width = 64;         // bits: 1..64
  std::uint64_t value = 0;     // Const: the bits; ThreadIndex etc.: the dimension (0 x, 1 y, 2 z)
  ir::Opcode op = ir::Opcode::Add;
  ir::CmpPred pred = ir::CmpPred::Eq;
  bool per_thread = false;     // Symbol: differs between threads even in one iteration
  const ir::Value* source = nullptr;   // Symbol
  const ir::Block* scope = nullptr;    // Symbol, LoopCount: the innermost loop it lives in
  const Term* upper = nullptr;         // Symbol: an unsigned upper bound (inclusive), if known
  std::vector<const Term*> ops;
  unsigned id = 0;             // the order terms were made in (stable, unlike their addresses)
};

/// Orders terms by `id`: containers of terms iterate the same way in every run.
struct TermOrder {
  bool operator()(const Term* a, const Term* b) const { return a->id < b->id; }
};

/// Whether `t` depends on nothing per thread (tid, laneid or a per-thread symbol).
bool is_thread_independent(const Term* t);
/// `t` without its zero extensions (the same unsigned value).
const Term* strip_zext(const Term* t);
/// Whether `t` is the linear thread index without a contract's block shape
/// (simt::thread::index_in_block()): tid.x + ntid.x * (tid.y + ntid.y * tid.z), 64 bits, in
/// any order of the operands. Each thread of a block has its own, below 1024.
bool is_linear_thread_index(const Term* t);
/// A readable spelling of a term (for tests and debugging): `(add (zext64 tid.x) 4:64)`.
std::string term_str(const Term* t);

/// A branch condition that holds where an access runs: `cond` (width 1) equals `value`.
struct Guard {
  const Term* cond;
  bool value;
};

struct SharedAccess {
  const ir::Instruction* inst = nullptr;
  const ir::Global* var = nullptr;  // the shared variable; an extern one is the dynamic shared memory
  const ir::Argument* buffer = nullptr;  // or the data parameter of a writable global buffer
                                         // (SymbolicOptions::buffers); var is then null
  const Term* offset = nullptr;     // first byte, from the start of var (64 bits)
  const Term* size = nullptr;       // bytes (64 bits)
  bool write = false;
  bool read = false;
  bool atomic = false;
  bool unsafe = false;              // Tier 2 code ([[simt::unsafe]])
  bool owned = false;               // safe code, through the handle of a ThreadIndex (its address
                                    // comes from SymbolicOptions::from_owner code)
  bool opaque = false;              // a call left in the view (recursion) that may touch any
                                    // byte of var: offset 0, size the whole variable
  bool async = false;               // a cp.async write: it lands at the thread's wait
                                    // (async_copies.hpp), not where it is issued
  /// An asynchronous copy still in flight after this barrier (async_copies.hpp): the access
  /// stands for the copy of `inst` during the interval the barrier opens, and runs at `at`.
  const ir::Instruction* in_flight_after = nullptr;
  const ir::Block* at = nullptr;    // where it runs, if not inst's block
  std::vector<Guard> guards;
};

/// The block an access runs in (for the loops around it and their facts).
inline const ir::Block* block_of(const SharedAccess& a) { return a.at != nullptr ? a.at : a.inst->parent(); }

struct SymbolicOptions {
  /// Whether an instruction is Tier 2 (default: its own in_unsafe() flag).
  std::function<bool(const ir::Instruction*)> in_unsafe;
  /// Data parameters of global buffers whose accesses to list too (the grid race rule's
  /// DisjointSlices and AtomicSlices); by default only shared memory is followed.
  std::vector<const ir::Argument*> buffers;
  /// Whether an instruction was inlined from a function that hands out owned elements
  /// (ir::Function::is_owner_access); null: none is.
  std::function<bool(const ir::Instruction*)> from_owner;
};

/// A loop that runs while its induction variable `init + step * k` stays below `bound`
/// (`i < bound` tested at the header, the loop continuing on true): in every iteration a thread
/// is inside it, the variable was below the bound in all earlier ones as well, so as long as
/// bound + step fits the width it never wrapped around (the race solver's fact for k).
struct LoopBound {
  const ir::Block* header = nullptr;
  const Term* init = nullptr;
  const Term* step = nullptr;
  const Term* count = nullptr;  // the LoopCount k
  const Term* bound = nullptr;
};

class SymbolicInfo {
 public:
  const std::vector<LoopBound>& loop_bounds() const { return loop_bounds_; }
  const std::vector<SharedAccess>& accesses() const { return accesses_; }
  const LoopForest& loops() const { return *loops_; }
  /// The term of an integer value of the function (null for values that are not integers).
  const Term* term_of(const ir::Value* v) const;
  /// Every thread leaves the loop of `header` in the same iteration: each branch out of it is
  /// reached by the whole block and tests a block-uniform condition. After such a loop, its
  /// iteration count and its uniform values are the same in every thread.
  bool uniform_exit(const ir::Block* header) const { return uniform_exit_.count(header) != 0; }
  /// Whether a leaf defined in the loop `scope` has one value for two threads of one block that
  /// run the blocks `at` (either one's: both are asked) and may be in different iterations of the
  /// loops in `split`: they are in the same iteration of it and of every loop around it, or both
  /// past a loop that every thread leaves in the same iteration.
  bool same_iteration(const ir::Block* scope, const ir::Block* at, const std::vector<const ir::Block*>& split) const;
  /// Whether `at` is in the body of the loop headed by `header` (not the header itself): where
  /// the loop's LoopBound holds.
  bool in_body(const ir::Block* header, const ir::Block* at) const {
    return at != header && loops_->contains(header, at);
  }
  /// The iteration count of the loop of `header` as the terms name it (null: no term does).
  const Term* loop_count(const ir::Block* header) const {
    auto it = loop_counts_.find(header);
    return it == loop_counts_.end() ? nullptr : it->second;
  }
  /// Keeps a term made after the analysis (not hash-consed with the others: a new leaf is a new
  /// unknown) and gives it its id.
  const Term* adopt(Term t) {
    t.id = static_cast<unsigned>(arena_.size());
    arena_.push_back(std::move(t));
    return &arena_.back();
  }

 private:
  friend class SymbolicBuilder;
  friend SymbolicInfo analyze_shared_accesses(const ir::Function&, const UniformityInfo&, const SymbolicOptions&);
  std::unique_ptr<LoopForest> loops_;
  std::deque<Term> arena_;
  std::unordered_map<const ir::Value*, const Term*> terms_;
  std::vector<SharedAccess> accesses_;
  std::vector<LoopBound> loop_bounds_;
  std::unordered_set<const ir::Block*> uniform_exit_;
  std::unordered_map<const ir::Block*, const Term*> loop_counts_;  // the first made per loop
};

SymbolicInfo analyze_shared_accesses(const ir::Function& fn, const UniformityInfo& uniformity,
                                     const SymbolicOptions& options = {});

}  // namespace simtc::analysis

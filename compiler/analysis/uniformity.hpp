// Uniformity analysis: which values and which control flow are the same for every thread of
// a block, for every lane of a warp, or neither. The anchors are LLVM's UniformityAnalysis
// (divergence propagated through data and sync dependence, temporal divergence at the exits
// of loops) and GPUVerify's barrier divergence check. Runs on the analysis view of a kernel
// (calls inlined, locals promoted); docs/safety-model.md gives the argument.
//
// Sources of variance: tid.*, laneid, results of atomics, shuffles, match.any, clocks and
// warp.activemask, votes and reductions with a mask that is not the constant full mask, calls
// left in the view (recursion), loads from memory the kernel may write (shared memory, writable
// buffers, anything not provably read-only) and loads whose address varies. Kernel arguments,
// constants, ctaid.*, ntid.*, nctaid.* and the dynamic shared size are block-uniform; barrier
// reductions are block-uniform and full-mask votes and reductions warp-uniform. The linear
// thread index (tid.x + ntid.x * (tid.y + ntid.y * tid.z)) splits into whole warps, and so does
// tid.x when the launch contract's exact block shape is 1-D or has blockDim.x a multiple of 32
// (then tid.y / tid.z can be warp-uniform): v / 32 and v < 32 * k are warp-uniform for those.
//
// Sync dependence: a branch on a value that is not block-uniform (warp-uniform) makes every
// block it controls - those reachable from it before its immediate post-dominator - divergent,
// and the phis there and at the post-dominator (the join) at least as non-uniform as the
// branch; a value defined inside such a region and used outside it (a loop's exit with a
// divergent condition) is too. Paths that end in a trap (failed bounds checks) are left out of
// the post-dominator tree: a thread that traps fails the whole launch, so the other threads
// need not wait for it.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/function.hpp"

namespace simtc::analysis {

/// How much a value (or the set of threads reaching a block) can differ between threads.
enum class Uniformity : std::uint8_t {
  Block,     // the same in every thread of the block
  Warp,      // the same in every lane of a warp (may differ between warps)
  WarpHigh,  // an integer that differs between lanes but whose value >> 5 is the same in every
             // lane of a warp (the linear thread index, the lane id): v / 32, v < 32 * k are Warp
  Varying,   // may differ between any two threads
};

const char* uniformity_name(Uniformity u);  // "block", "warp", "warp-high", "varying"

/// What first made a value non-uniform (for the diagnostics' notes).
enum class VarianceSource : std::uint8_t {
  None,
  ThreadIndex,  // tid.*
  LaneIndex,    // laneid
  Memory,       // a load from memory the kernel writes, or through a varying address
  Atomic,       // the old value an atomic returns
  WarpResult,   // a shuffle, match.any, a partial-mask vote or reduction, ldmatrix, mma
  Clock,        // time.clock, clock64, globaltimer
  ActiveMask,   // warp.activemask
  Call,         // the result of a call left in the view (recursion)
  InlineAsm,    // an output of inline assembly (stored to a local whose address it takes)
};

struct UniformityOptions {
  /// Use the function's reqntid (the contract's exact block shape) for warp-uniformity.
  bool use_launch_bounds = true;
  /// The group that Warp and WarpHigh speak of: 2^5 = 32 consecutive linear thread indices (a
  /// warp), or 2^7 = 128 (a warpgroup, for wgmma and setmaxnreg). Full-mask votes and reductions
  /// are uniform over a warp only.
  unsigned group_log2 = 5;
};

class UniformityInfo {
 public:
  /// The value's uniformity (constants, globals and arguments: Block).
  Uniformity value(const ir::Value* v) const;
  VarianceSource source(const ir::Value* v) const;
  /// How uniformly threads reach `b`: Block when every thread of the block that reaches the
  /// entry reaches b together, Warp when whole warps do, Varying otherwise.
  Uniformity control(const ir::Block* b) const;
  /// The branch (a terminator) that makes `b`'s control at least `level`, or null.
  const ir::Instruction* divergence_cause(const ir::Block* b, Uniformity level) const;
  /// `b` lies only on paths that end in a trap (or another `unreachable`).
  bool doomed(const ir::Block* b) const { return doomed_.count(b) != 0; }

  // What the analysis records per value and per block.
  struct ValueInfo {
    Uniformity level = Uniformity::Block;
    VarianceSource source = VarianceSource::None;
  };
  struct ControlInfo {
    Uniformity level = Uniformity::Block;
    const ir::Instruction* cause_warp = nullptr;     // first branch making it >= Warp
    const ir::Instruction* cause_varying = nullptr;  // first branch making it Varying
  };

 private:
  friend UniformityInfo analyze_uniformity(const ir::Function&, const UniformityOptions&);
  std::unordered_map<const ir::Value*, ValueInfo> values_;
  std::unordered_map<const ir::Block*, ControlInfo> control_;
  std::unordered_set<const ir::Block*> doomed_;
};

UniformityInfo analyze_uniformity(const ir::Function& fn, const UniformityOptions& options = {});

}  // namespace simtc::analysis

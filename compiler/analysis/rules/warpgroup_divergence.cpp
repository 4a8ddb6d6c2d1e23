// simt-warpgroup-divergence: a warpgroup operation (wgmma, setmaxnreg) reached under control flow
// that is not the same for every thread of a warpgroup, or in a block that is not whole
// warpgroups (docs/rules/simt-warpgroup-divergence.md). Unlike the other rules it looks inside
// [[simt::unsafe]] code too: the wgmma operations exist only there, and this is what their types
// cannot say.
#include "analysis/rule_context.hpp"

#include <string>

namespace simtc::analysis {
namespace {

// The instructions all 128 threads of a warpgroup execute together (.sync.aligned over the
// warpgroup): the wgmma fence, mma, commit and wait, and setmaxnreg.
bool is_warpgroup_collective(const ir::Instruction& i) {
  if (i.opcode() != ir::Opcode::Intrinsic) return false;
  switch (i.intrinsic_id()) {
    case ir::IntrinsicId::WgmmaFence: case ir::IntrinsicId::WgmmaCommit: case ir::IntrinsicId::WgmmaWait:
    case ir::IntrinsicId::WgmmaF16: case ir::IntrinsicId::WgmmaBF16: case ir::IntrinsicId::WgmmaRsF16:
    case ir::IntrinsicId::WgmmaRsBF16: case ir::IntrinsicId::SetMaxNRegInc: case ir::IntrinsicId::SetMaxNRegDec:
      return true;
    default:
      return false;
  }
}

}  // namespace

void check_warpgroup_divergence(RuleContext& context) {
  const ir::Function& kernel = *context.kernel().function;
  bool any = false;
  for (const ir::Block* b : kernel.blocks())
    for (const ir::Instruction* i : b->instructions()) any = any || is_warpgroup_collective(*i);
  if (!any) return;
  // The warp rule's uniformity speaks of warps; this one of groups of 128 threads.
  const UniformityInfo u = analyze_uniformity(kernel, UniformityOptions{.use_launch_bounds = true, .group_log2 = 7});
  const std::uint64_t threads = exact_block_threads(kernel);
  // A contract that only bounds the block (simt::max_threads) admits blocks that are not whole
  // warpgroups; a kernel without a contract has only unchecked launches, whose shape is the
  // caller's obligation (as for simt-warp-divergence).
  const std::uint64_t bound = bounded_block_threads(kernel);
  const bool partial = threads % 128 != 0 || bound != 0;
  for (const ir::Block* b : kernel.blocks()) {
    const bool divergent = u.control(b) == Uniformity::Varying;
    if (!divergent && !partial) continue;
    for (const ir::Instruction* i : b->instructions()) {
      if (!is_warpgroup_collective(*i)) continue;
      Place place = context.place_of(i);
      Report report{place.loc, "", {}};
      if (divergent) {
        report.message = "warpgroup operation reached under control flow that differs between the threads of a "
                         "warpgroup: all 128 threads must execute it together";
        if (const ir::Instruction* cause = u.divergence_cause(b, Uniformity::Varying))
          report.notes.push_back({context.place_of(cause).loc, context.branch_note(cause)});
      } else if (bound != 0) {
        report.message = "warpgroup operation in a kernel whose block is only bounded: a block whose thread count "
                         "is not a multiple of 128 has a partial last warpgroup";
        report.notes.push_back({context.kernel().original->loc(),
                                "the launch contract allows any block of up to " + std::to_string(bound) +
                                    " threads; fix the shape with simt::block(...) (a multiple of 128 threads)"});
      } else {
        report.message = "warpgroup operation in a block of " + std::to_string(threads) +
                         " threads: its last warpgroup has only " + std::to_string(threads % 128) + " threads";
        report.notes.push_back({context.kernel().original->loc(),
                                "the launch contract's simt::block gives this kernel " + std::to_string(threads) +
                                    " threads per block; warpgroup operations need a multiple of 128"});
      }
      for (SourceLoc call : place.call_chain) report.notes.push_back({call, "reached through this call"});
      context.report(std::move(report));
    }
  }
  report_in_calls_left(context, is_warpgroup_collective, "warpgroup operation",
                       "simtc cannot show that every thread of the warpgroup reaches it");
}

}  // namespace simtc::analysis

// simt-warp-divergence: a warp operation with the full mask reached under control flow that is
// not the same for every lane of a warp (docs/rules/simt-warp-divergence.md).
#include "analysis/rule_context.hpp"

#include <string>

namespace simtc::analysis {
namespace {

// A warp collective that every lane of the warp must reach: the mask operand is the constant
// 0xffffffff, or the operation has no mask (ldmatrix and mma are warp-wide).
bool is_full_warp_collective(const ir::Instruction& i) {
  if (i.opcode() != ir::Opcode::Intrinsic) return false;
  const std::uint8_t flags = ir::intrinsic_flags(i.intrinsic_id());
  if (!(flags & ir::WarpCollective)) return false;
  if (!(flags & ir::MaskOperand)) return true;
  const ir::Value* mask = i.operand(0);
  if (mask->value_kind() != ir::Value::ValueKind::Constant) return false;
  auto* c = static_cast<const ir::Constant*>(mask);
  return c->const_kind() == ir::Constant::ConstKind::Int && c->int_bits() == 0xffffffffu;
}

}  // namespace

void check_warp_divergence(RuleContext& context) {
  const UniformityInfo& u = context.uniformity();
  // A contract's block whose thread count is not a multiple of 32 leaves its last warp partial:
  // the lanes past the end of the block never arrive either.
  const ir::Function& kernel = *context.kernel().function;
  const std::uint64_t threads = exact_block_threads(kernel);
  // A contract that only bounds the block (simt::max_threads) admits blocks of any thread count
  // up to the bound, and so a partial last warp too; a kernel without a contract has only
  // unchecked launches, whose shape is the caller's obligation.
  const std::uint64_t bound = bounded_block_threads(kernel);
  const bool partial = threads % 32 != 0 || bound != 0;
  for (const ir::Block* b : kernel.blocks()) {
    const bool divergent = u.control(b) == Uniformity::Varying;
    if (!divergent && !partial) continue;
    for (const ir::Instruction* i : b->instructions()) {
      if (!is_full_warp_collective(*i)) continue;
      Place place = context.place_of(i);
      if (place.in_unsafe) continue;
      Report report{place.loc, "", {}};
      if (divergent) {
        report.message = "warp operation with the full mask reached under thread-dependent control flow: "
                         "lanes that took the other branch never arrive";
        if (const ir::Instruction* cause = u.divergence_cause(b, Uniformity::Varying))
          report.notes.push_back({context.place_of(cause).loc, context.branch_note(cause)});
      } else if (bound != 0) {
        report.message = "warp operation with the full mask in a kernel whose block is only bounded: a block "
                         "whose thread count is not a multiple of 32 has a partial last warp, whose missing "
                         "lanes never arrive";
        report.notes.push_back({context.kernel().original->loc(),
                                "the launch contract allows any block of up to " + std::to_string(bound) +
                                    " threads; fix the shape with simt::block(...) (a multiple of 32 threads)"});
      } else {
        report.message = "warp operation with the full mask in a block of " + std::to_string(threads) +
                         " threads: its last warp has only " + std::to_string(threads % 32) +
                         " lanes, and the lanes past the end of the block never arrive";
        report.notes.push_back({context.kernel().original->loc(),
                                "the launch contract's simt::block gives this kernel " +
                                    std::to_string(threads) + " threads per block"});
      }
      for (SourceLoc call : place.call_chain) report.notes.push_back({call, "reached through this call"});
      context.report(std::move(report));
    }
  }
  report_in_calls_left(context, is_full_warp_collective, "warp operation with the full mask",
                       "simtc cannot show that every lane of the warp reaches it");
}

}  // namespace simtc::analysis

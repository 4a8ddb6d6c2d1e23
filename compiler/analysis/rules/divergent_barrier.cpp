// simt-divergent-barrier: a block barrier reached under control flow that is not the same for
// every thread of the block (docs/rules/simt-divergent-barrier.md).
#include "analysis/rule_context.hpp"

namespace simtc::analysis {
namespace {

bool is_block_collective(const ir::Instruction& i) {
  return i.opcode() == ir::Opcode::Intrinsic && (ir::intrinsic_flags(i.intrinsic_id()) & ir::BlockCollective);
}

}  // namespace

void check_divergent_barrier(RuleContext& context) {
  const UniformityInfo& u = context.uniformity();
  for (const ir::Block* b : context.kernel().function->blocks()) {
    const Uniformity control = u.control(b);
    if (control == Uniformity::Block) continue;
    for (const ir::Instruction* i : b->instructions()) {
      if (!is_block_collective(*i)) continue;
      Place place = context.place_of(i);
      if (place.in_unsafe) continue;
      const ir::Instruction* cause = u.divergence_cause(b, control);
      Report report{place.loc,
                    control == Uniformity::Varying
                        ? "barrier reached under thread-dependent control flow: threads that took the other "
                          "branch never arrive"
                        : "barrier reached under control flow that differs between warps: warps that took the "
                          "other branch never arrive",
                    {}};
      if (cause != nullptr) report.notes.push_back({context.place_of(cause).loc, context.branch_note(cause)});
      for (SourceLoc call : place.call_chain) report.notes.push_back({call, "reached through this call"});
      context.report(std::move(report));
    }
  }
  report_in_calls_left(context, is_block_collective, "barrier",
                       "simtc cannot show that every thread of the block reaches it");
}

}  // namespace simtc::analysis

#include "analysis/rules.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "analysis/rule_context.hpp"

namespace simtc::analysis {

const std::vector<RuleInfo>& rule_table() {
  static const std::vector<RuleInfo> table = {
#define SIMT_ANALYSIS_RULE(Function, Id, Title, Summary) {Id, Title, Summary},
#include "analysis/rules.def"
#undef SIMT_ANALYSIS_RULE
  };
  return table;
}

const RuleInfo* find_rule(const std::string& id) {
  for (const RuleInfo& rule : rule_table())
    if (id == rule.id) return &rule;
  return nullptr;
}

Place RuleContext::place_of(const ir::Instruction* inst) const {
  Place place{inst->loc(), inst->in_unsafe(), {}};
  auto it = kernel_.inlined.site_of.find(inst);
  const InlineSite* site = it == kernel_.inlined.site_of.end() ? nullptr : it->second;
  // Out of simt's own functions to the user's call.
  while (site != nullptr && site->callee->is_library()) {
    place.loc = site->call_loc;
    place.in_unsafe = site->call_in_unsafe;
    site = site->parent;
  }
  for (; site != nullptr; site = site->parent) place.call_chain.push_back(site->call_loc);
  return place;
}

std::string RuleContext::branch_note(const ir::Instruction* branch) const {
  const ir::Value* cond = branch->operand(0);
  const bool warp_level = uniformity_.value(cond) == Uniformity::Warp;
  switch (uniformity_.source(cond)) {
    case VarianceSource::ThreadIndex:
      return warp_level ? "this branch depends on the warp index, which differs between the warps of a block"
                        : "this branch depends on the thread index";
    case VarianceSource::LaneIndex: return "this branch depends on the lane index";
    case VarianceSource::Memory:
      return "this branch depends on a value read from memory that threads write, which may differ between threads";
    case VarianceSource::Atomic:
      return "this branch depends on the result of an atomic operation, which differs between threads";
    case VarianceSource::WarpResult:
      return warp_level ? "this branch depends on the result of a warp operation, which differs between warps"
                        : "this branch depends on the result of a warp operation, which differs between lanes";
    case VarianceSource::Clock: return "this branch depends on a clock reading, which differs between threads";
    case VarianceSource::ActiveMask:
      return "this branch depends on warp::active_mask(), which differs between lanes";
    case VarianceSource::Call:
      return "this branch depends on the result of a recursive call, which may differ between threads";
    case VarianceSource::InlineAsm:
      return "this branch depends on an output of inline assembly, which may differ between threads";
    case VarianceSource::None: break;
  }
  return "this branch depends on a value that differs between threads";
}

void RuleContext::report(Report report) {
  std::string key = std::to_string(report.loc.file) + ":" + std::to_string(report.loc.line) + ":" +
                    std::to_string(report.loc.column) + " " + report.message;
  for (const auto& [loc, text] : report.notes)
    key += "|" + std::to_string(loc.line) + ":" + std::to_string(loc.column) + " " + text;
  if (!seen_.insert(key).second) return;
  SourceLoc at = report.loc.valid() ? report.loc : kernel_.original->loc();
  sink_.error(at, report.message + " [" + rule_.id + "]");
  for (auto& [loc, text] : report.notes) sink_.note(loc, text);
}

std::uint64_t exact_block_threads(const ir::Function& kernel) {
  const auto& shape = kernel.launch_bounds().reqntid;
  return shape ? std::uint64_t{(*shape)[0]} * (*shape)[1] * (*shape)[2] : 0;
}

std::uint64_t bounded_block_threads(const ir::Function& kernel) {
  const auto& shape = kernel.launch_bounds().maxntid;
  if (!shape || kernel.launch_bounds().reqntid) return 0;
  return std::uint64_t{(*shape)[0]} * (*shape)[1] * (*shape)[2];
}

void report_in_calls_left(RuleContext& context, bool (*is_reported)(const ir::Instruction&),
                          const std::string& what, const std::string& why) {
  const auto& over = context.kernel().inlined.over_budget;
  const ir::Function& kernel = *context.kernel().function;
  std::unordered_set<const ir::Block*> live(kernel.blocks().begin(), kernel.blocks().end());
  for (const ir::Instruction* call : context.kernel().inlined.calls_left) {
    if (!live.count(call->parent()) || call->callee() == nullptr) continue;
    Place at = context.place_of(call);
    if (at.in_unsafe) continue;
    const bool budget = std::find(over.begin(), over.end(), call) != over.end();
    const std::string message =
        what + (budget ? " inside a function too large to inline: " : " inside a recursive function: ") + why;
    const char* note = budget ? "the kernel reaches it through this call, which the analysis did not inline"
                              : "the kernel reaches it through this recursive call";
    std::vector<const ir::Function*> seen{call->callee()};
    for (std::size_t k = 0; k < seen.size(); ++k)
      for (const ir::Block* b : seen[k]->blocks())
        for (const ir::Instruction* i : b->instructions()) {
          if (i->opcode() == ir::Opcode::Call && i->callee() &&
              std::find(seen.begin(), seen.end(), i->callee()) == seen.end())
            seen.push_back(i->callee());
          if (!is_reported(*i) || i->in_unsafe()) continue;
          Report report{seen[k]->is_library() ? at.loc : i->loc(), message, {}};
          report.notes.push_back({at.loc, note});
          context.report(std::move(report));
        }
  }
}

bool run_rules(const ir::Module& module, DiagnosticSink& sink, const RuleOptions& options) {
  const auto& table = rule_table();
  auto enabled = [&](const char* id) {
    return std::find(options.disabled_rules.begin(), options.disabled_rules.end(), id) ==
           options.disabled_rules.end();
  };
  if (std::none_of(table.begin(), table.end(), [&](const RuleInfo& r) { return enabled(r.id); })) return true;
  const unsigned errors_before = sink.error_count();
  std::vector<std::pair<std::string, double>> times{{"view", 0.0}, {"uniformity", 0.0}};
  for (const RuleInfo& rule : table) times.push_back({rule.id, 0.0});
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto lap = [&](std::size_t stage) {
    const auto now = Clock::now();
    times[stage].second += std::chrono::duration<double, std::milli>(now - start).count();
    start = now;
  };
  AnalysisView view = build_analysis_view(module, options.view);
  lap(0);
  for (const KernelView& kernel : view.kernels) {
    UniformityInfo uniformity = analyze_uniformity(*kernel.function, options.uniformity);
    lap(1);
    unsigned index = 0;
#define SIMT_ANALYSIS_RULE(Function, Id, Title, Summary)          \
    if (enabled(Id)) {                                            \
      RuleContext context(table[index], kernel, uniformity, sink); \
      Function(context);                                          \
      lap(2 + index);                                             \
    }                                                             \
    ++index;
#include "analysis/rules.def"
#undef SIMT_ANALYSIS_RULE
  }
  if (options.timings != nullptr) options.timings->insert(options.timings->end(), times.begin(), times.end());
  return sink.error_count() == errors_before;
}

}  // namespace simtc::analysis

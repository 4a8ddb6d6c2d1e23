#include "analysis/rules.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

// The diagnostics of the analysis rules on `text`, one per line ("error: ..." / "note: ...").
std::string diagnose(const std::string& text, RuleOptions options = {}) {
  std::unique_ptr<ir::Module> m = test::parse_ok(text);
  const std::string before = ir::print(*m);
  DiagnosticSink sink;
  run_rules(*m, sink, options);
  EXPECT_EQ(ir::print(*m), before) << "the rules changed the module";
  std::ostringstream out;
  for (const Diagnostic& d : sink.diagnostics()) out << severity_name(d.severity) << ": " << d.message << "\n";
  return out.str();
}

const char* const kHelperUnderBranch = R"(func @helper() {
entry:
  intrinsic void barrier.sync()
  ret
}

kernel @k(i32 %n) reqntid(64, 1, 1) {
entry:
  %t = intrinsic i32 tid.x()
  %c = icmp ult i32 %t, %n
  cond_br %c, then, exit
then:
  call void @helper()
  br exit
exit:
  %l = intrinsic i32 laneid()
  %h = icmp ult i32 %l, 16:i32
  cond_br %h, half, end
half:
  %s = intrinsic i32 warp.shfl.xor(-1:i32, %l, 1:i32, 32:i32)
  %p = intrinsic i32 warp.shfl.xor(65535:i32, %l, 1:i32, 16:i32)
  br end
end:
  ret
}
)";

TEST(AnalysisRules, ReportBarriersAndFullMaskWarpOpsUnderDivergence) {
  EXPECT_EQ(diagnose(kHelperUnderBranch),
            "error: barrier reached under thread-dependent control flow: threads that took the other branch "
            "never arrive [simt-divergent-barrier]\n"
            "note: this branch depends on the thread index\n"
            "note: reached through this call\n"
            "error: warp operation with the full mask reached under thread-dependent control flow: lanes that "
            "took the other branch never arrive [simt-warp-divergence]\n"
            "note: this branch depends on the lane index\n");
}

TEST(AnalysisRules, DisabledRulesDoNotRun) {
  RuleOptions options;
  options.disabled_rules = {"simt-divergent-barrier"};
  EXPECT_EQ(diagnose(kHelperUnderBranch, options),
            "error: warp operation with the full mask reached under thread-dependent control flow: lanes that "
            "took the other branch never arrive [simt-warp-divergence]\n"
            "note: this branch depends on the lane index\n");
  options.disabled_rules.push_back("simt-warp-divergence");
  EXPECT_EQ(diagnose(kHelperUnderBranch, options), "");
}

TEST(AnalysisRules, UniformCodeIsAccepted) {
  EXPECT_EQ(diagnose(R"(kernel @k(i32 %n) reqntid(128, 1, 1) {
entry:
  %t = intrinsic i32 tid.x()
  %b = intrinsic i32 ctaid.x()
  %u = icmp uge i32 %b, %n
  cond_br %u, exit, body
body:
  %z = icmp eq i32 %t, 0:i32
  cond_br %z, first, join
first:
  br join
join:
  intrinsic void barrier.sync()
  %w = icmp uge i32 %t, 64:i32
  cond_br %w, upper, exit
upper:
  %v = intrinsic i1 warp.vote.any(-1:i32, %z)
  intrinsic void warp.sync(-1:i32)
  br exit
exit:
  ret
}
)"),
            "");
}

TEST(AnalysisRules, BarriersInRecursiveFunctions) {
  EXPECT_EQ(diagnose(R"(func @down(i32 %n) {
entry:
  intrinsic void barrier.sync()
  %z = icmp eq i32 %n, 0:i32
  cond_br %z, done, again
again:
  %m = sub i32 %n, 1:i32
  call void @down(%m)
  br done
done:
  ret
}

kernel @k(i32 %a) {
entry:
  call void @down(%a)
  ret
}
)"),
            "error: barrier inside a recursive function: simtc cannot show that every thread of the block "
            "reaches it [simt-divergent-barrier]\n"
            "note: the kernel reaches it through this recursive call\n");
}

TEST(AnalysisRules, CallsPastTheInliningBudgetAreNotTrusted) {
  RuleOptions options;
  options.view.inlining.max_instructions = 0;
  EXPECT_EQ(diagnose(R"(func @helper() {
entry:
  intrinsic void barrier.sync()
  %v = intrinsic i1 warp.vote.any(-1:i32, true)
  ret
}

kernel @k() {
entry:
  call void @helper()
  ret
}
)",
                     options),
            "error: barrier inside a function too large to inline: simtc cannot show that every thread of "
            "the block reaches it [simt-divergent-barrier]\n"
            "note: the kernel reaches it through this call, which the analysis did not inline\n"
            "error: warp operation with the full mask inside a function too large to inline: simtc cannot "
            "show that every lane of the warp reaches it [simt-warp-divergence]\n"
            "note: the kernel reaches it through this call, which the analysis did not inline\n");
}

}  // namespace
}  // namespace simtc::analysis

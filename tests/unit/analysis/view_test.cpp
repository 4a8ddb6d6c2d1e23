#include "analysis/view.hpp"

#include <gtest/gtest.h>

#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

// A helper that keeps its argument in a local and a kernel that calls it under its block shape.
const char* const kModule = R"(func @scaled(ptr %this, i32 %x) -> i32 {
entry:
  %slot = alloca 4, align 4
  br body
body:
  store %x, %slot, align 4
  %f = ptr_add %this, 4:i64
  %k = load i32, %f, align 4
  %v = load i32, %slot, align 4
  %r = mul i32 %v, %k
  ret %r
}

kernel @k(ptr.global %out, i32 %k) reqntid(64, 1, 1) {
entry:
  %obj = alloca 8, align 4
  br body
body:
  %kf = ptr_add %obj, 4:i64
  store %k, %kf, align 4
  %nx = intrinsic i32 ntid.x()
  %big = icmp ugt i32 %nx, 32:i32
  cond_br %big, then, done
then:
  %t = intrinsic i32 tid.x()
  %s = call i32 @scaled(%obj, %t)
  store %s, %out, align 4
  br done
done:
  ret
}
)";

TEST(AnalysisView, InlinesPromotesAndFoldsWithoutTouchingTheModule) {
  std::unique_ptr<ir::Module> m = test::parse_ok(kModule);
  const std::string before = ir::print(*m);
  AnalysisView view = build_analysis_view(*m);
  EXPECT_EQ(ir::print(*m), before);
  ASSERT_EQ(view.kernels.size(), 1u);
  EXPECT_EQ(view.kernels[0].original, m->find_function("k"));
  EXPECT_EQ(ir::format_errors(ir::verify(*view.module)), "");
  // ntid.x is 64 by the contract, so the branch folds; the object and the helper's local
  // become SSA values.
  EXPECT_EQ(ir::print(*view.kernels[0].function), R"(kernel @k(ptr.global %out, i32 %k) reqntid(64, 1, 1) {
entry:
  %t = intrinsic i32 tid.x()
  %r = mul i32 %t, %k
  store %r, %out, align 4
  ret
}
)");
  // The inlined multiply remembers the call it came through.
  const ir::Instruction* mul = view.kernels[0].function->entry()->instructions()[1];
  ASSERT_EQ(mul->opcode(), ir::Opcode::Mul);
  const InlineSite* site = view.kernels[0].inlined.site_of.at(mul);
  EXPECT_EQ(site->callee->name(), "scaled");
  EXPECT_EQ(site->parent, nullptr);
}

}  // namespace
}  // namespace simtc::analysis

#include "passes/dce.hpp"

#include <gtest/gtest.h>

#include "pass_test_util.hpp"

namespace simtc::passes {
namespace {

std::string run_dce(const std::string& text) {
  return test::run_on(text, [](ir::Module& m) { dce(m); });
}

TEST(Dce, RemovesUnusedPureChains) {
  EXPECT_EQ(run_dce(R"(kernel @k(ptr.global %p, f32 %x) {
entry:
  %0 = intrinsic i32 tid.x()
  %1 = zext i32 %0 to i64
  %2 = mul i64 %1, 4:i64
  %3 = ptr_add inbounds %p, %2
  %4 = fmul f32 %x, %x
  %5 = fcmp olt f32 %4, 0:f32
  %6 = select f32 %5, %4, %x
  %7 = intrinsic f32 math.sqrt(%6)
  %8 = load f32, %3, align 4
  %used = fadd f32 %x, 1:f32
  store %used, %p, align 4
  ret
}
)"),
            R"(kernel @k(ptr.global %p, f32 %x) {
entry:
  %used = fadd f32 %x, 1:f32
  store %used, %p, align 4
  ret
}
)");
}

TEST(Dce, KeepsSideEffects) {
  const char* text = R"(func @g(i32 %0) -> i32 {
entry:
  ret %0
}

kernel @k(ptr.global %p) {
entry:
  %a = alloca 8, align 8
  store 1:i32, %a, align 4
  memcpy %a, %p, 8:i64, align 4
  memset %a, 0:i8, 8:i64, align 4
  %0 = load volatile i32, %p, align 4
  %1 = call i32 @g(%0)
  intrinsic void trap()
  unreachable
}
)";
  EXPECT_EQ(run_dce(text), text);
}

TEST(Dce, RemovesDeadAllocasAndDeadPhiCycles) {
  EXPECT_EQ(run_dce(R"(kernel @k(i32 %n) {
entry:
  %unused = alloca 16, align 4
  br loop
loop:
  %i = phi i32 [0:i32, entry], [%next, loop]
  %acc = phi f32 [0:f32, entry], [%acc2, loop]
  %acc2 = fadd f32 %acc, 1:f32
  %next = add i32 %i, 1:i32
  %c = icmp slt i32 %next, %n
  cond_br %c, loop, exit
exit:
  ret
}
)"),
            R"(kernel @k(i32 %n) {
entry:
  br loop
loop:
  %i = phi i32 [0:i32, entry], [%next, loop]
  %next = add i32 %i, 1:i32
  %c = icmp slt i32 %next, %n
  cond_br %c, loop, exit
exit:
  ret
}
)");
}

TEST(Dce, RemovabilityOfEachKind) {
  ir::ParseResult r = ir::parse(R"(func @f(ptr %p) {
entry:
  %0 = load i32, %p, align 4
  %1 = load volatile i32, %p, align 4
  %2 = intrinsic i32 laneid()
  %3 = extract_element i32 undef:<2 x i32>, 0:i32
  store %0, %p, align 4
  ret
}
)");
  ASSERT_TRUE(r.module);
  const auto& insts = r.module->functions()[0]->entry()->instructions();
  EXPECT_TRUE(is_removable_if_unused(*insts[0]));
  EXPECT_FALSE(is_removable_if_unused(*insts[1]));
  EXPECT_TRUE(is_removable_if_unused(*insts[2]));
  EXPECT_TRUE(is_removable_if_unused(*insts[3]));
  EXPECT_FALSE(is_removable_if_unused(*insts[4]));
  EXPECT_FALSE(is_removable_if_unused(*insts[5]));
  ir::Function& fn = *r.module->functions()[0];
  EXPECT_TRUE(dce(fn));
  EXPECT_FALSE(dce(fn));
}

}  // namespace
}  // namespace simtc::passes

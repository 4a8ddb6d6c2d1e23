#include "analysis/fold_constants.hpp"

#include <gtest/gtest.h>

#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

std::string fold(const std::string& text, FoldOptions options = {}) {
  return test::run_on(text, [&](ir::Module& m, ir::Function& f) { fold_constants(m, f, options); });
}

TEST(FoldConstants, ArithmeticWithTheIrSemantics) {
  EXPECT_EQ(fold(R"(func @f(i32 %a) -> i32 {
entry:
  %d = udiv i32 7:i32, 0:i32
  %s = sdiv i32 -2147483648:i32, -1:i32
  %r = srem i32 -7:i32, 2:i32
  %w = add i32 2147483647:i32, 1:i32
  %sh = shl i32 1:i32, 33:i32
  %x = add i32 %a, %d
  %y = add i32 %x, %s
  %z = add i32 %y, %r
  %q = add i32 %z, %w
  %t = add i32 %q, %sh
  ret %t
}
)"),
            R"(func @f(i32 %a) -> i32 {
entry:
  %x = add i32 %a, -1:i32
  %y = add i32 %x, -2147483648:i32
  %z = add i32 %y, -1:i32
  %q = add i32 %z, -2147483648:i32
  %t = add i32 %q, 2:i32
  ret %t
}
)");
}

TEST(FoldConstants, IdentitiesSelectsAndPhis) {
  EXPECT_EQ(fold(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  %m = mul i32 %a, 1:i32
  %z = mul i32 %a, 0:i32
  %s = add i32 %m, %z
  %k = select i32 true, %s, %a
  cond_br %c, l, r
l:
  br j
r:
  br j
j:
  %p = phi i32 [%k, l], [%k, r]
  ret %p
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, l, r
l:
  br j
r:
  br j
j:
  ret %a
}
)");
}

TEST(FoldConstants, TheContractsBlockShapeFixesNtidAndUnitTid) {
  const char* const text = R"(kernel @k(ptr.global %out) reqntid(256, 1, 1) {
entry:
  %x = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %nx = intrinsic i32 ntid.x()
  %ny = intrinsic i32 ntid.y()
  %z = intrinsic i32 tid.z()
  %a = mul i32 %ny, %z
  %b = add i32 %y, %a
  %c = mul i32 %nx, %b
  %lin = add i32 %x, %c
  %w = udiv i32 %lin, 32:i32
  store %w, %out, align 4
  ret
}
)";
  EXPECT_EQ(fold(text), R"(kernel @k(ptr.global %out) reqntid(256, 1, 1) {
entry:
  %x = intrinsic i32 tid.x()
  %w = udiv i32 %x, 32:i32
  store %w, %out, align 4
  ret
}
)");
  FoldOptions off;
  off.use_launch_bounds = false;
  EXPECT_EQ(fold(text, off), ir::print(*test::parse_ok(text)));
}

}  // namespace
}  // namespace simtc::analysis

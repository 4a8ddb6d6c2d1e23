#include "analysis/promote_allocas.hpp"

#include <gtest/gtest.h>

#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

std::string promote(const std::string& text) {
  return test::run_on(text, [](ir::Module& m, ir::Function& f) { promote_allocas(m, f); });
}

TEST(PromoteAllocas, AScalarBecomesAPhiAtTheJoin) {
  EXPECT_EQ(promote(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  %x = alloca 4, align 4
  store 1:i32, %x, align 4
  cond_br %c, then, join
then:
  store %a, %x, align 4
  br join
join:
  %v = load i32, %x, align 4
  ret %v
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, then, join
then:
  br join
join:
  %x = phi i32 [1:i32, entry], [%a, then]
  ret %x
}
)");
}

TEST(PromoteAllocas, StructFieldsAtConstantOffsetsBecomeValuesOfTheirOwn) {
  EXPECT_EQ(promote(R"(func @f(i32 %a, f32 %b) -> f32 {
entry:
  %s = alloca 8, align 4
  %f = ptr_add %s, 4:i64
  store %a, %s, align 4
  store %b, %f, align 4
  %g = ptr_add %s, 4:i64
  %v = load f32, %g, align 4
  ret %v
}
)"),
            R"(func @f(i32 %a, f32 %b) -> f32 {
entry:
  ret %b
}
)");
}

TEST(PromoteAllocas, LoopsGetHeaderPhis) {
  EXPECT_EQ(promote(R"(func @f(i32 %n) -> i32 {
entry:
  %i = alloca 4, align 4
  store 0:i32, %i, align 4
  br head
head:
  %v = load i32, %i, align 4
  %c = icmp ult i32 %v, %n
  cond_br %c, body, exit
body:
  %w = add i32 %v, 1:i32
  store %w, %i, align 4
  br head
exit:
  ret %v
}
)"),
            R"(func @f(i32 %n) -> i32 {
entry:
  br head
head:
  %i = phi i32 [0:i32, entry], [%w, body]
  %c = icmp ult i32 %i, %n
  cond_br %c, body, exit
body:
  %w = add i32 %i, 1:i32
  br head
exit:
  ret %i
}
)");
}

TEST(PromoteAllocas, EscapingOverlappingAndVolatileSlotsStayInMemory) {
  const char* const text = R"(func @g(ptr %p) {
entry:
  ret
}

func @f(i32 %a, i64 %k) -> i32 {
entry:
  %escapes = alloca 4, align 4
  %overlaps = alloca 8, align 4
  %indexed = alloca 16, align 4
  %vol = alloca 4, align 4
  store %a, %escapes, align 4
  call void @g(%escapes)
  store %a, %overlaps, align 4
  %o = ptr_add %overlaps, 2:i64
  %h = load i16, %o, align 2
  %e = ptr_add %indexed, %k
  store %a, %e, align 4
  store volatile %a, %vol, align 4
  %v = load i32, %escapes, align 4
  ret %v
}
)";
  std::unique_ptr<ir::Module> m = test::parse_ok(text);
  EXPECT_FALSE(promote_allocas(*m, *m->find_function("f")));
}

}  // namespace
}  // namespace simtc::analysis

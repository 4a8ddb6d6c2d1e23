// Loop unrolling hints on back-edge branches: printed after the blocks, parsed back, and
// only allowed on br and cond_br.
#include <gtest/gtest.h>

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::ir {
namespace {

const char* const kHinted = R"(func @f(i32 %n) {
entry:
  br head
head:
  %i = phi i32 [0:i32, entry], [%j, body], [%j, again]
  %c = icmp slt i32 %i, %n
  cond_br %c, body, exit
body:
  %j = add i32 %i, 1:i32
  %k = icmp eq i32 %j, 3:i32
  cond_br %k, head, again, unroll(4)
again:
  br head, unroll(4)
exit:
  br next
next:
  br next2, unroll(full)
next2:
  br exit2, unroll(disable)
exit2:
  ret
}
)";

TEST(LoopHint, RoundTrips) {
  ParseResult r = parse(kHinted);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(format_errors(verify(*r.module)), "");
  EXPECT_EQ(print(*r.module), kHinted);
  const Function* f = r.module->functions()[0];
  EXPECT_EQ(f->blocks()[2]->terminator()->loop_unroll(), 4u);
  EXPECT_EQ(f->blocks()[5]->terminator()->loop_unroll(), kUnrollFull);
  EXPECT_EQ(f->blocks()[6]->terminator()->loop_unroll(), kUnrollDisable);
  EXPECT_EQ(f->blocks()[1]->terminator()->loop_unroll(), kUnrollNone);
}

TEST(LoopHint, CountsBelowTwoAreRejected) {
  ParseResult r = parse("func @f() {\nentry:\n  br entry, unroll(1)\n}\n");
  EXPECT_EQ(r.error, "3:20: an unroll count must be at least 2 (use unroll(disable) for 1)");
  r = parse("func @f() {\nentry:\n  br entry, unroll(sometimes)\n}\n");
  EXPECT_EQ(r.error, "3:20: expected a number");
  r = parse("func @f() {\nentry:\n  br entry, roll(2)\n}\n");
  EXPECT_EQ(r.error, "3:13: expected 'unroll'");
}

TEST(LoopHint, OnlyBranchesCarryOne) {
  ParseResult r = parse("func @f() {\nentry:\n  ret\n}\n");
  ASSERT_EQ(r.error, "");
  r.module->functions()[0]->entry()->terminator()->set_loop_unroll(8);
  EXPECT_NE(format_errors(verify(*r.module)).find("a loop unrolling hint is only allowed on 'br' and 'cond_br', not on 'ret'"),
            std::string::npos)
      << format_errors(verify(*r.module));
}

}  // namespace
}  // namespace simtc::ir

// simplify-cfg keeps loop unrolling hints on the back edges it rewrites: a bypassed latch
// passes its hint to every predecessor that now branches to the header.
#include <gtest/gtest.h>

#include "pass_test_util.hpp"
#include "passes/simplify_cfg.hpp"

namespace simtc::passes {
namespace {

std::string simplify(const std::string& text) {
  return test::run_on(text, [](ir::Module& m) { simplify_cfg(m); });
}

TEST(SimplifyCfgLoopHint, BypassedLatchMovesItsHintToThePredecessors) {
  EXPECT_EQ(simplify(R"(func @f(i32 %n) {
entry:
  br head
head:
  %i = phi i32 [0:i32, entry], [%j, latch]
  %c = icmp slt i32 %i, %n
  cond_br %c, body, exit
body:
  %j = add i32 %i, 1:i32
  %k = icmp eq i32 %j, 3:i32
  cond_br %k, latch, more
more:
  store %j, null:ptr, align 4
  br latch
latch:
  br head, unroll(disable)
exit:
  ret
}
)"),
            R"(func @f(i32 %n) {
entry:
  br head
head:
  %i = phi i32 [0:i32, entry], [%j, body], [%j, more]
  %c = icmp slt i32 %i, %n
  cond_br %c, body, exit
body:
  %j = add i32 %i, 1:i32
  %k = icmp eq i32 %j, 3:i32
  cond_br %k, head, more, unroll(disable)
more:
  store %j, null:ptr, align 4
  br head, unroll(disable)
exit:
  ret
}
)");
}

TEST(SimplifyCfgLoopHint, AFoldedLatchKeepsItsHint) {
  EXPECT_EQ(simplify(R"(func @f() {
entry:
  br head
head:
  store 1:i32, null:ptr, align 4
  cond_br true, head, exit, unroll(8)
exit:
  ret
}
)"),
            R"(func @f() {
entry:
  br head
head:
  store 1:i32, null:ptr, align 4
  br head, unroll(8)
}
)");
}

// A latch whose predecessor ends in a switch stays: a switch carries no hint.
TEST(SimplifyCfgLoopHint, LatchAfterASwitchStays) {
  const char* text = R"(func @f(i32 %x) {
entry:
  br head
head:
  switch %x, latch [1:i32, exit]
latch:
  br head, unroll(full)
exit:
  ret
}
)";
  EXPECT_EQ(simplify(text), text);
}

}  // namespace
}  // namespace simtc::passes

#include "analysis/inline_calls.hpp"

#include <gtest/gtest.h>

#include "analysis_test_util.hpp"
#include "passes/simplify_cfg.hpp"

namespace simtc::analysis {
namespace {

TEST(InlineCalls, ReplacesACallByTheCalleesBody) {
  std::unique_ptr<ir::Module> m = test::parse_ok(R"(func @twice(i32 %x) -> i32 {
entry:
  %p = alloca 4, align 4
  %y = add i32 %x, %x
  ret %y
}

kernel @k(i32 %a) {
entry:
  br body
body:
  %r = call i32 @twice(%a)
  %s = mul i32 %r, 3:i32
  ret
}
)");
  ir::Function* k = m->find_function("k");
  InlineResult r = inline_calls(*m, *k);
  EXPECT_TRUE(r.calls_left.empty());
  ASSERT_EQ(r.sites.size(), 1u);
  EXPECT_EQ(r.sites[0]->callee, m->find_function("twice"));
  EXPECT_EQ(r.sites[0]->caller, k);
  EXPECT_EQ(ir::format_errors(ir::verify(*m)), "");
  passes::simplify_cfg(*m, *k);
  EXPECT_EQ(ir::print(*k), R"(kernel @k(i32 %a) {
entry:
  %p = alloca 4, align 4
  %y = add i32 %a, %a
  %s = mul i32 %y, 3:i32
  ret
}
)");
}

TEST(InlineCalls, InlinesNestedCallsAndRecordsTheChain) {
  std::unique_ptr<ir::Module> m = test::parse_ok(R"(func @inner() {
entry:
  intrinsic void barrier.sync()
  ret
}

func @outer() {
entry:
  call void @inner()
  ret
}

kernel @k() {
entry:
  call void @outer()
  ret
}
)");
  ir::Function* k = m->find_function("k");
  InlineResult r = inline_calls(*m, *k);
  ASSERT_EQ(r.sites.size(), 2u);
  const ir::Instruction* barrier = nullptr;
  for (ir::Block* b : k->blocks())
    for (ir::Instruction* i : b->instructions())
      if (i->opcode() == ir::Opcode::Intrinsic) barrier = i;
  ASSERT_NE(barrier, nullptr);
  const InlineSite* site = r.site_of.at(barrier);
  EXPECT_EQ(site->callee, m->find_function("inner"));
  EXPECT_EQ(site->caller, m->find_function("outer"));
  ASSERT_NE(site->parent, nullptr);
  EXPECT_EQ(site->parent->callee, m->find_function("outer"));
  EXPECT_EQ(site->parent->parent, nullptr);
}

TEST(InlineCalls, LeavesRecursiveCalls) {
  std::unique_ptr<ir::Module> m = test::parse_ok(R"(func @down(i32 %n) -> i32 {
entry:
  %z = icmp eq i32 %n, 0:i32
  cond_br %z, done, again
again:
  %m = sub i32 %n, 1:i32
  %r = call i32 @down(%m)
  br done
done:
  %v = phi i32 [0:i32, entry], [%r, again]
  ret %v
}

kernel @k(i32 %a) {
entry:
  %x = call i32 @down(%a)
  ret
}
)");
  ir::Function* k = m->find_function("k");
  InlineResult r = inline_calls(*m, *k);
  ASSERT_EQ(r.calls_left.size(), 1u);
  EXPECT_EQ(r.calls_left[0]->callee(), m->find_function("down"));
  EXPECT_TRUE(r.sites.empty());
  std::vector<const ir::Function*> rec = recursive_functions(*m);
  ASSERT_EQ(rec.size(), 1u);
  EXPECT_EQ(rec[0]->name(), "down");
}

}  // namespace
}  // namespace simtc::analysis

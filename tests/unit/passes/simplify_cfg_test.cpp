#include "passes/simplify_cfg.hpp"

#include <gtest/gtest.h>

#include <random>

#include "ir/builder.hpp"
#include "passes/dce.hpp"
#include "pass_test_util.hpp"

namespace simtc::passes {
namespace {

std::string simplify(const std::string& text) {
  return test::run_on(text, [](ir::Module& m) { simplify_cfg(m); });
}

TEST(SimplifyCfg, RemovesUnreachableBlocksAndTheirPhiEdges) {
  EXPECT_EQ(simplify(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, join, other
other:
  br join
dead:
  %d = add i32 %a, 1:i32
  br join
join:
  %p = phi i32 [%a, entry], [0:i32, other], [%d, dead]
  ret %p
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, join, other
other:
  br join
join:
  %p = phi i32 [%a, entry], [0:i32, other]
  ret %p
}
)");
}

TEST(SimplifyCfg, RemovesUnreachableCycles) {
  EXPECT_EQ(simplify(R"(func @f() {
entry:
  ret
a:
  %x = phi i32 [%y, b]
  br b
b:
  %y = add i32 %x, 1:i32
  br a
}
)"),
            "func @f() {\nentry:\n  ret\n}\n");
}

TEST(SimplifyCfg, FoldsConstantConditionsAndMerges) {
  EXPECT_EQ(simplify(R"(func @f(i32 %a) -> i32 {
entry:
  cond_br false, yes, no
yes:
  %y = add i32 %a, 1:i32
  br join
no:
  %n = mul i32 %a, 2:i32
  br join
join:
  %p = phi i32 [%y, yes], [%n, no]
  ret %p
}
)"),
            R"(func @f(i32 %a) -> i32 {
entry:
  %n = mul i32 %a, 2:i32
  ret %n
}
)");
}

TEST(SimplifyCfg, FoldsBranchesWithOneTarget) {
  EXPECT_EQ(simplify(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  %x = add i32 %a, %a
  cond_br %c, next, next
next:
  %p = phi i32 [%x, entry]
  ret %p
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  %x = add i32 %a, %a
  ret %x
}
)");
}

TEST(SimplifyCfg, FoldsSwitchOnConstant) {
  EXPECT_EQ(simplify(R"(func @f() -> i32 {
entry:
  switch 5:i32, other [1:i32, one], [5:i32, five]
one:
  ret 1:i32
five:
  ret 5:i32
other:
  ret 0:i32
}
)"),
            "func @f() -> i32 {\nentry:\n  ret 5:i32\n}\n");
}

TEST(SimplifyCfg, MergesStraightLineChains) {
  EXPECT_EQ(simplify(R"(kernel @k(ptr.global %p) {
entry:
  %0 = intrinsic i32 tid.x()
  br a
a:
  %1 = zext i32 %0 to i64
  br b
b:
  %2 = ptr_add %p, %1
  store 1:i8, %2, align 1
  br c
c:
  ret
}
)"),
            R"(kernel @k(ptr.global %p) {
entry:
  %0 = intrinsic i32 tid.x()
  %1 = zext i32 %0 to i64
  %2 = ptr_add %p, %1
  store 1:i8, %2, align 1
  ret
}
)");
}

TEST(SimplifyCfg, ForwardsEmptyBlocks) {
  EXPECT_EQ(simplify(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, then, else
then:
  %x = add i32 %a, 1:i32
  br merge
else:
  br merge
merge:
  %p = phi i32 [%x, then], [%a, else]
  ret %p
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, then, merge
then:
  %x = add i32 %a, 1:i32
  br merge
merge:
  %p = phi i32 [%x, then], [%a, entry]
  ret %p
}
)");
}

TEST(SimplifyCfg, KeepsForwardingThatWouldMakeAPhiAmbiguous) {
  const char* text = R"(func @f(i1 %c) -> i32 {
entry:
  cond_br %c, e, merge
e:
  br merge
merge:
  %p = phi i32 [1:i32, e], [2:i32, entry]
  ret %p
}
)";
  EXPECT_EQ(simplify(text), text);
}

TEST(SimplifyCfg, ForwardsWhenThePhiValuesAgree) {
  EXPECT_EQ(simplify(R"(func @f(i1 %c) -> i32 {
entry:
  cond_br %c, e, merge
e:
  br merge
merge:
  %p = phi i32 [1:i32, e], [1:i32, entry]
  ret %p
}
)"),
            "func @f(i1 %c) -> i32 {\nentry:\n  ret 1:i32\n}\n");
}

TEST(SimplifyCfg, ForwardsAnEmptyLoopLatch) {
  EXPECT_EQ(simplify(R"(kernel @k(i32 %n) {
entry:
  br header
header:
  %i = phi i32 [0:i32, entry], [%next, latch]
  %next = add i32 %i, 1:i32
  %c = icmp slt i32 %next, %n
  cond_br %c, latch, exit
latch:
  br header
exit:
  ret
}
)"),
            R"(kernel @k(i32 %n) {
entry:
  br header
header:
  %i = phi i32 [0:i32, entry], [%next, header]
  %next = add i32 %i, 1:i32
  %c = icmp slt i32 %next, %n
  cond_br %c, header, exit
exit:
  ret
}
)");
}

TEST(SimplifyCfg, LeavesInfiniteLoopsAlone) {
  const char* text = R"(kernel @k() {
entry:
  br spin
spin:
  br spin
}
)";
  EXPECT_EQ(simplify(text), text);
}

TEST(SimplifyCfg, ReachesAFixedPoint) {
  // Folding exposes unreachable code, which exposes merging, which exposes forwarding.
  EXPECT_EQ(simplify(R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br true, a, dead
dead:
  br b
a:
  br pre
pre:
  cond_br %c, b, empty
empty:
  br join
b:
  %p = phi i32 [%a, pre], [7:i32, dead]
  %x = mul i32 %p, 3:i32
  br join
join:
  %r = phi i32 [%x, b], [%a, empty]
  ret %r
}
)"),
            R"(func @f(i1 %c, i32 %a) -> i32 {
entry:
  cond_br %c, b, join
b:
  %x = mul i32 %a, 3:i32
  br join
join:
  %r = phi i32 [%x, b], [%a, entry]
  ret %r
}
)");
}

TEST(SimplifyCfg, ReportsWhetherItChangedAFunction) {
  ir::ParseResult r = ir::parse("func @f() {\nentry:\n  br next\nnext:\n  ret\n}\n");
  ASSERT_TRUE(r.module);
  ir::Function& fn = *r.module->functions()[0];
  EXPECT_TRUE(simplify_cfg(*r.module, fn));
  EXPECT_FALSE(simplify_cfg(*r.module, fn));
}

// A random CFG with phis in every join: valid by construction (incoming values are
// constants, parameters or values of the incoming block itself).
std::unique_ptr<ir::Module> random_function(unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  auto m = std::make_unique<ir::Module>();
  ir::Function* f = m->create_function("f", ir::Type::i32(), {ir::Type::i1(), ir::Type::i32()},
                                       {"c", "a"}, false);
  unsigned n = 2 + pick(7);
  std::vector<ir::Block*> blocks;
  for (unsigned i = 0; i < n; ++i) blocks.push_back(m->create_block(f, ""));
  ir::Builder b(*m);
  std::vector<ir::Instruction*> values(n);
  std::vector<std::vector<ir::Block*>> succs(n);
  for (unsigned i = 0; i < n; ++i) {
    unsigned kind = pick(6);
    auto target = [&] { return blocks[1 + pick(n - 1)]; };  // never the entry
    if (kind == 0 || n == 1) continue;                      // ret
    succs[i].push_back(target());
    if (kind >= 3) succs[i].push_back(target());
    if (kind == 5) succs[i].push_back(target());
  }
  // Phis first (one per block, one edge per distinct predecessor), then a value, then the
  // terminator.
  std::vector<ir::Instruction*> phis(n, nullptr);
  for (unsigned i = 1; i < n; ++i) {
    b.set_insert_point(blocks[i]);
    phis[i] = b.phi(ir::Type::i32());
  }
  for (unsigned i = 0; i < n; ++i) {
    b.set_insert_point(blocks[i]);
    ir::Value* base = i == 0 ? static_cast<ir::Value*>(f->param(1)) : phis[i];
    values[i] = b.binary(ir::Opcode::Add, base, b.i32(i));
    std::vector<ir::Block*>& s = succs[i];
    if (s.empty()) {
      b.ret(values[i]);
    } else if (s.size() == 1) {
      b.br(s[0]);
    } else if (s.size() == 2) {
      ir::Value* cond = pick(3) == 0 ? static_cast<ir::Value*>(b.i1(pick(2))) : f->param(0);
      b.cond_br(cond, s[0], s[1]);
    } else {
      ir::Value* key = pick(2) ? static_cast<ir::Value*>(b.i32(pick(3))) : values[i];
      b.switch_(key, s[0], {{1, s[1]}, {2, s[2]}});
    }
    std::vector<ir::Block*> seen;
    for (ir::Block* t : s) {
      if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
      seen.push_back(t);
      unsigned t_index = static_cast<unsigned>(
          std::find(blocks.begin(), blocks.end(), t) - blocks.begin());
      ir::Value* v = pick(3) == 0 ? static_cast<ir::Value*>(b.i32(pick(100))) : values[i];
      phis[t_index]->add_incoming(v, blocks[i]);
    }
  }
  return m;
}

TEST(SimplifyCfg, RandomCfgsStayValidAndRoundTrip) {
  for (unsigned seed = 0; seed < 400; ++seed) {
    auto m = random_function(seed);
    ASSERT_EQ(ir::format_errors(ir::verify(*m)), "") << "seed " << seed;
    std::string before = ir::print(*m);
    ir::ParseResult again = ir::parse(before);
    ASSERT_EQ(again.error, "") << before;
    ASSERT_EQ(ir::print(*again.module), before);
    simplify_cfg(*m);
    ASSERT_EQ(ir::format_errors(ir::verify(*m)), "") << "seed " << seed << "\n" << before;
    std::string after = ir::print(*m);
    simplify_cfg(*m);
    EXPECT_EQ(ir::print(*m), after) << "not a fixed point, seed " << seed << "\n" << before;
    dce(*m);
    ASSERT_EQ(ir::format_errors(ir::verify(*m)), "") << "seed " << seed << "\n" << before;
  }
}

}  // namespace
}  // namespace simtc::passes

#include <gtest/gtest.h>

#include "ir/dominators.hpp"
#include "test_util.hpp"

namespace simtc::ir {
namespace {

// entry -> a -> (b | c) -> d -> (a | exit); x is unreachable and branches into d.
const char* const kCfg = R"(func @f(i1 %c) {
entry:
  br a
a:
  %v = add i32 1:i32, 2:i32
  cond_br %c, b, c
b:
  br d
c:
  br d
d:
  %w = add i32 %v, %v
  cond_br %c, a, exit
exit:
  ret
x:
  br d
}
)";

class DominatorsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m = test::parse_ok(kCfg);
    f = m->functions().at(0);
    for (Block* b : f->blocks()) blocks[b->name()] = b;
  }
  const Block* B(const std::string& name) { return blocks.at(name); }

  std::unique_ptr<Module> m;
  Function* f = nullptr;
  std::map<std::string, Block*> blocks;
};

TEST_F(DominatorsTest, ImmediateDominators) {
  DominatorTree dt(*f);
  EXPECT_EQ(dt.idom(B("entry")), nullptr);
  EXPECT_EQ(dt.idom(B("a")), B("entry"));
  EXPECT_EQ(dt.idom(B("b")), B("a"));
  EXPECT_EQ(dt.idom(B("c")), B("a"));
  EXPECT_EQ(dt.idom(B("d")), B("a"));
  EXPECT_EQ(dt.idom(B("exit")), B("d"));
  EXPECT_EQ(dt.idom(B("x")), nullptr);
}

TEST_F(DominatorsTest, Dominance) {
  DominatorTree dt(*f);
  EXPECT_TRUE(dt.dominates(B("entry"), B("exit")));
  EXPECT_TRUE(dt.dominates(B("a"), B("d")));
  EXPECT_TRUE(dt.dominates(B("d"), B("d")));
  EXPECT_FALSE(dt.dominates(B("b"), B("d")));
  EXPECT_FALSE(dt.dominates(B("d"), B("a")));
  EXPECT_FALSE(dt.dominates(B("exit"), B("d")));
  // Unreachable blocks dominate nothing and are dominated by nothing.
  EXPECT_FALSE(dt.reachable(B("x")));
  EXPECT_TRUE(dt.reachable(B("exit")));
  EXPECT_FALSE(dt.dominates(B("x"), B("x")));
  EXPECT_FALSE(dt.dominates(B("entry"), B("x")));
}

TEST_F(DominatorsTest, InstructionDominance) {
  DominatorTree dt(*f);
  const Instruction* v = B("a")->instructions()[0];
  const Instruction* a_br = B("a")->instructions()[1];
  const Instruction* w = B("d")->instructions()[0];
  EXPECT_TRUE(dt.dominates(v, a_br));
  EXPECT_FALSE(dt.dominates(a_br, v));
  EXPECT_FALSE(dt.dominates(v, v));
  EXPECT_TRUE(dt.dominates(v, w));
  EXPECT_FALSE(dt.dominates(w, v));
  // A use in a phi sits at the end of its incoming block.
  EXPECT_TRUE(dt.dominates(w, v, B("d")));
  EXPECT_FALSE(dt.dominates(w, v, B("entry")));
}

TEST_F(DominatorsTest, OrderAndPredecessors) {
  DominatorTree dt(*f);
  std::vector<std::string> rpo;
  for (const Block* b : dt.rpo()) rpo.push_back(b->name());
  EXPECT_EQ(rpo, (std::vector<std::string>{"entry", "a", "c", "b", "d", "exit"}));
  std::vector<std::string> preds;
  for (const Block* b : dt.predecessors(B("d"))) preds.push_back(b->name());
  EXPECT_EQ(preds, (std::vector<std::string>{"b", "c", "x"}));
  EXPECT_TRUE(dt.predecessors(B("entry")).empty());
}

TEST(Dominators, IrreducibleLoop) {
  auto m = test::parse_ok(R"(func @f(i1 %c) {
entry:
  cond_br %c, l, r
l:
  cond_br %c, r, out
r:
  cond_br %c, l, out
out:
  ret
}
)");
  Function* f = m->functions()[0];
  DominatorTree dt(*f);
  const auto& bs = f->blocks();
  EXPECT_EQ(dt.idom(bs[1]), bs[0]);
  EXPECT_EQ(dt.idom(bs[2]), bs[0]);
  EXPECT_EQ(dt.idom(bs[3]), bs[0]);
  EXPECT_FALSE(dt.dominates(bs[1], bs[2]));
}

}  // namespace
}  // namespace simtc::ir

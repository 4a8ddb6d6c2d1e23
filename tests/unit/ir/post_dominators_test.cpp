#include <gtest/gtest.h>

#include <map>

#include "ir/post_dominators.hpp"
#include "test_util.hpp"

namespace simtc::ir {
namespace {

// entry -> (a | trap); a -> (b | c) -> d -> (a | exit); spin loops forever.
const char* const kCfg = R"(func @f(i1 %c) {
entry:
  cond_br %c, a, trap
trap:
  intrinsic void trap()
  unreachable
a:
  cond_br %c, b, c
b:
  br d
c:
  cond_br %c, d, spin
spin:
  br spin
d:
  cond_br %c, a, exit
exit:
  ret
}
)";

class PostDominatorsTest : public ::testing::Test {
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

TEST_F(PostDominatorsTest, ImmediatePostDominators) {
  PostDominatorTree pdt(*f);
  EXPECT_EQ(pdt.ipdom(B("exit")), nullptr);
  EXPECT_EQ(pdt.ipdom(B("trap")), nullptr);
  EXPECT_EQ(pdt.ipdom(B("b")), B("d"));
  // c may spin forever: only the virtual exit post-dominates it, and so a, entry and d (which
  // may go round to c).
  EXPECT_EQ(pdt.ipdom(B("d")), nullptr);
  EXPECT_EQ(pdt.ipdom(B("c")), nullptr);
  EXPECT_EQ(pdt.ipdom(B("a")), nullptr);
  EXPECT_EQ(pdt.ipdom(B("entry")), nullptr);
  EXPECT_FALSE(pdt.reaches_exit(B("spin")));
  EXPECT_TRUE(pdt.reaches_exit(B("c")));
  EXPECT_FALSE(pdt.post_dominates(B("exit"), B("d")));
  EXPECT_TRUE(pdt.post_dominates(B("d"), B("b")));
  EXPECT_FALSE(pdt.post_dominates(B("d"), B("c")));
  EXPECT_TRUE(pdt.post_dominates(B("b"), B("b")));
}

TEST_F(PostDominatorsTest, IgnoredBlocksTakeTheirEdgesWithThem) {
  // Without the trapping path and the endless loop, d and exit post-dominate everything.
  PostDominatorTree pdt(*f, [&](const Block* b) { return b == B("trap") || b == B("spin"); });
  EXPECT_EQ(pdt.ipdom(B("entry")), B("a"));
  EXPECT_EQ(pdt.ipdom(B("a")), B("d"));
  EXPECT_EQ(pdt.ipdom(B("c")), B("d"));
  EXPECT_EQ(pdt.ipdom(B("d")), B("exit"));
  EXPECT_TRUE(pdt.post_dominates(B("exit"), B("entry")));
  EXPECT_FALSE(pdt.reaches_exit(B("trap")));
}

}  // namespace
}  // namespace simtc::ir

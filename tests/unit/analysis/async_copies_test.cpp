#include "analysis/async_copies.hpp"

#include <gtest/gtest.h>

#include "analysis/uniformity.hpp"
#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

// A double-buffered loop: iteration i copies into stage (i + 1) % 2, commits, waits for all
// but the newest group, and passes two barriers; the copy made before the loop is the first
// group. `wait` is the wait<N> of the loop.
std::string pipeline(unsigned wait) {
  return R"(global @s : shared, size 1024, align 16

kernel @k(i32 %n, ptr.global readonly %g) reqntid(128, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %t64 = zext i32 %t to i64
  %mine = mul i64 %t64, 4:i64
  %p0 = ptr_add %base, %mine
  intrinsic void async.copy.4(%p0, %g, 4:i32)
  intrinsic void async.commit()
  br header
header:
  %i = phi i32 [0:i32, entry], [%i1, latch]
  %c = icmp ult i32 %i, %n
  cond_br %c, body, exit
body:
  %i1 = add i32 %i, 1:i32
  %stage = urem i32 %i1, 2:i32
  %stage64 = zext i32 %stage to i64
  %half = mul i64 %stage64, 512:i64
  %off = add i64 %half, %mine
  %p = ptr_add %base, %off
  intrinsic void async.copy.4(%p, %g, 4:i32)
  intrinsic void async.commit()
  intrinsic void async.wait()" +
         std::to_string(wait) + R"(:i32)
  intrinsic void barrier.sync()
  br latch
latch:
  intrinsic void barrier.sync()
  br header
exit:
  ret
}
)";
}

struct Flying {
  std::unique_ptr<ir::Module> module;
  ir::Function* fn = nullptr;
  UniformityInfo uniformity;
  SymbolicInfo info;
  std::vector<InFlightCopy> copies;

  explicit Flying(const std::string& text) : module(test::parse_ok(text)) {
    fn = module->functions().back();
    uniformity = analyze_uniformity(*fn);
    info = analyze_shared_accesses(*fn, uniformity);
    copies = copies_in_flight(*fn, info);
  }
  // "block:copy-index:iterations" per instance, in order.
  std::vector<std::string> listed() const {
    std::vector<std::string> out;
    for (const InFlightCopy& c : copies) {
      std::string s = c.barrier->parent()->name() + ":" + std::to_string(c.access);
      for (const auto& [loop, n] : c.iterations) s += ":" + std::to_string(n);
      for (const auto& [loop, n] : c.entered) s += ":entered" + std::to_string(n);
      out.push_back(s);
    }
    return out;
  }
};

TEST(AsyncCopies, WaitOneLeavesTheNewestCopyInFlightAcrossBothBarriers) {
  Flying f(pipeline(1));
  ASSERT_EQ(f.info.accesses().size(), 2u);
  ASSERT_TRUE(f.info.accesses()[1].async);
  // The prologue's copy is complete after the first wait<1> (two commits since); the loop's
  // copy is in flight at both barriers of its own iteration, and not after the next wait.
  EXPECT_EQ(f.listed(), (std::vector<std::string>{"body:1:0", "latch:1:0"}));
}

TEST(AsyncCopies, WaitTwoKeepsTheLastIterationsCopyInFlight) {
  Flying f(pipeline(2));
  // wait<2> leaves two groups: the previous iteration's copy too, and the prologue's in the
  // first iteration (the loop entered once, no back edge since).
  EXPECT_EQ(f.listed(), (std::vector<std::string>{"body:0:entered0", "body:1:0", "body:1:1", "latch:0:entered0",
                                                  "latch:1:0", "latch:1:1"}));
}

TEST(AsyncCopies, InFlightAccessCountsBackToTheCopysIteration) {
  Flying f(pipeline(2));
  const InFlightCopy* older = nullptr;
  for (const InFlightCopy& c : f.copies)
    if (c.access == 1 && c.iterations.at(0).second == 1 && c.barrier->parent()->name() == "body") older = &c;
  ASSERT_NE(older, nullptr);
  const ir::Block* loop = older->iterations.at(0).first;
  const SharedAccess a = in_flight_access(f.info, *older, {{loop, 1}});
  EXPECT_EQ(a.in_flight_after, older->barrier);
  EXPECT_EQ(block_of(a), older->barrier->parent());
  EXPECT_EQ(term_str(a.offset),
            "(add 0:64 (add (mul (zext64 (urem (add (add 0:32 (mul 1:32 (sub k.header 1:32))) 1:32) 2:32)) 512:64) "
            "(mul (zext64 tid.x) 4:64)))");
  // The same iteration: the copy's own terms.
  EXPECT_EQ(in_flight_access(f.info, *older, {}).offset, f.info.accesses()[1].offset);
}

TEST(AsyncCopies, WaitAllAndUncommittedCopies) {
  std::string text = pipeline(0);
  // wait<0> completes every committed copy: nothing in flight.
  EXPECT_TRUE(Flying(text).copies.empty());
  // Without the loop's commit, wait<0> completes the prologue's copy but none of the loop's:
  // every iteration's copy stays in flight (-1: more than 3 iterations back).
  const std::string commit = "intrinsic void async.commit()\n  intrinsic void async.wait(";
  text.replace(text.find(commit), commit.size(), "intrinsic void async.wait(");
  EXPECT_EQ(Flying(text).listed(), (std::vector<std::string>{"body:1:-1", "body:1:0", "body:1:1", "body:1:2", "body:1:3",
                                                             "latch:1:-1", "latch:1:0", "latch:1:1", "latch:1:2",
                                                             "latch:1:3"}));
}

}  // namespace
}  // namespace simtc::analysis

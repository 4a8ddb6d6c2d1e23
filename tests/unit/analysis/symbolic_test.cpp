#include "analysis/symbolic.hpp"

#include <gtest/gtest.h>

#include "analysis/intervals.hpp"
#include "analysis/race_solver.hpp"
#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

// Parses one kernel and finds its shared accesses.
class Accesses {
 public:
  explicit Accesses(const std::string& text) : m_(test::parse_ok(text)) {
    fn_ = m_->functions().back();
    uniformity_ = analyze_uniformity(*fn_);
    info_ = analyze_shared_accesses(*fn_, uniformity_);
  }
  const SymbolicInfo& info() const { return info_; }
  const SharedAccess& at(unsigned i) const { return info_.accesses().at(i); }
  std::size_t size() const { return info_.accesses().size(); }
  std::string offset(unsigned i) const { return term_str(at(i).offset); }
  /// The interval pairs of the accesses (same variable, one writes, not both atomic).
  std::vector<IntervalPair> pairs() const {
    std::vector<const ir::Instruction*> insts;
    for (const SharedAccess& a : info_.accesses()) insts.push_back(a.inst);
    return barrier_interval_pairs(*fn_, info_.loops(), insts, [&](unsigned i, unsigned j) {
      return at(i).var == at(j).var && (at(i).write || at(j).write) && !(at(i).atomic && at(j).atomic);
    });
  }
  RaceVerdict verdict(unsigned i, unsigned j, const std::vector<const ir::Block*>& split = {}) const {
    RaceSolver solver(*fn_, info_);
    return solver.check(at(i), at(j), split).verdict;
  }
  RaceAnswer answer(unsigned i, unsigned j, const RaceSolverOptions& options = {}) const {
    RaceSolver solver(*fn_, info_, options);
    return solver.check(at(i), at(j), {});
  }

 private:
  std::unique_ptr<ir::Module> m_;
  ir::Function* fn_ = nullptr;
  UniformityInfo uniformity_;
  SymbolicInfo info_;
};

TEST(Symbolic, OffsetsThroughCastsAndPointerAdds) {
  Accesses a(R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n) reqntid(256, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 4:i64
  %p = ptr_add %base, %off
  store %n, %p, align 4
  %t1 = add i32 %t, 1:i32
  %w = urem i32 %t1, 256:i32
  %w64 = zext i32 %w to i64
  %woff = shl i64 %w64, 2:i64
  %q = ptr_add %base, %woff
  %v = load i32, %q, align 4
  %old = intrinsic i32 atomic.add(%base, 1:i32, 0:i32, 0:i32)
  ret
}
)");
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a.offset(0), "(add 0:64 (mul (zext64 tid.x) 4:64))");
  EXPECT_TRUE(a.at(0).write);
  EXPECT_FALSE(a.at(0).read);
  EXPECT_EQ(term_str(a.at(0).size), "4:64");
  EXPECT_EQ(a.offset(1), "(add 0:64 (shl (zext64 (urem (add tid.x 1:32) 256:32)) 2:64))");
  EXPECT_FALSE(a.at(1).write);
  EXPECT_EQ(a.offset(2), "0:64");
  EXPECT_TRUE(a.at(2).atomic);
  EXPECT_TRUE(a.at(2).write && a.at(2).read);
  EXPECT_EQ(a.at(0).var->symbol(), "s");
}

// Cache-hinted accesses are reads and writes of their value's bytes at their address; inline
// assembly touches all of every variable an operand points into (read; written under a memory
// clobber or through an output address), opaque to the solver.
TEST(Symbolic, HintedAccessesAndInlineAssembly) {
  Accesses a(R"(global @s : shared, size 1024, align 16

kernel @k(f32 %x) reqntid(64, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 16:i64
  %p = ptr_add %base, %off
  %v = intrinsic <4 x f32> global.load(%p, 1:i32)
  intrinsic void global.store(%p, %v, 5:i32)
  inline_asm volatile "prefetch.global.L1 [$0];", "l", outputs 0 (%p)
  inline_asm volatile "st.f32 [$0], $1;", "l,f,~{memory}", outputs 0 (%base, %x)
  ret
}
)");
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a.offset(0), "(add 0:64 (mul (zext64 tid.x) 16:64))");
  EXPECT_EQ(term_str(a.at(0).size), "16:64");
  EXPECT_TRUE(a.at(0).read && !a.at(0).write && !a.at(0).opaque);
  EXPECT_EQ(term_str(a.at(1).size), "16:64");
  EXPECT_TRUE(a.at(1).write && !a.at(1).read);
  EXPECT_EQ(a.verdict(1, 1), RaceVerdict::Disjoint);  // 16 bytes per thread
  EXPECT_TRUE(a.at(2).opaque && a.at(2).read && !a.at(2).write);
  EXPECT_EQ(term_str(a.at(2).size), "1024:64");
  EXPECT_TRUE(a.at(3).opaque && a.at(3).write);
}

TEST(Symbolic, PhisSelectsInductionVariablesAndUnknowns) {
  Accesses a(R"(global @s : shared, size 4096, align 4

kernel @k(i32 %n, ptr.global %g) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %c = icmp ult i32 %t, 16:i32
  cond_br %c, small, big
small:
  br join
big:
  br join
join:
  %i = phi i32 [%t, small], [0:i32, big]
  %i64 = zext i32 %i to i64
  %p = ptr_add %base, %i64
  store %n, %p, align 1
  br loop
loop:
  %j = phi i32 [%t, join], [%j2, loop]
  %h = phi i32 [%n, join], [%h2, loop]
  %j64 = zext i32 %j to i64
  %q = ptr_add %base, %j64
  %x = load i8, %q, align 1
  %j2 = add i32 %j, 32:i32
  %h2 = lshr i32 %h, 1:i32
  %more = icmp ult i32 %j2, %n
  cond_br %more, loop, exit
exit:
  %u = load i32, %g, align 4
  %u64 = zext i32 %u to i64
  %r = ptr_add %base, %u64
  %y = load i8, %r, align 1
  %h64 = zext i32 %h to i64
  %hp = ptr_add %base, %h64
  %z = load i8, %hp, align 1
  ret
}
)");
  ASSERT_EQ(a.size(), 4u);
  // A phi that joins the two sides of a branch is a select on the branch's condition.
  EXPECT_EQ(a.offset(0), "(add 0:64 (zext64 (select (ult tid.x 16:32) tid.x 0:32)))");
  // An induction variable: init + step * (iteration count).
  EXPECT_EQ(a.offset(1), "(add 0:64 (zext64 (add tid.x (mul 32:32 k.loop))))");
  EXPECT_EQ(a.at(1).guards.size(), 0u);  // the loop's header is entered from two edges
  // A value read from memory: an unknown, per thread since other threads may write it.
  EXPECT_EQ(a.offset(2), "(add 0:64 (zext64 ?u))");
  // A phi that only shrinks: an unknown bounded by its start.
  const Term* h = a.at(3).offset->ops[1]->ops[0];
  ASSERT_EQ(h->kind, Term::Kind::Symbol);
  EXPECT_TRUE(h->per_thread);  // used after a loop that threads leave in different iterations
  ASSERT_NE(h->upper, nullptr);
  EXPECT_EQ(term_str(h->upper), "arg0");
  EXPECT_EQ(h->scope->name(), "loop");
  EXPECT_FALSE(a.info().uniform_exit(h->scope));  // %more depends on tid.x
}

TEST(Symbolic, PointersCarriedAroundALoop) {
  Accesses a(R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n, ptr.global readonly %g) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  br loop
loop:
  %p = phi ptr [%base, entry], [%p2, loop]
  store %n, %p, align 4
  %x = load i64, %g, align 8
  %p2 = ptr_add %p, %x
  store %n, %p2, align 4
  %more = icmp ult i64 %x, 8:i64
  cond_br %more, loop, exit
exit:
  ret
}
)");
  ASSERT_EQ(a.size(), 2u);  // both stores, although %p2 is met first on a cycle through %p
  // %p moves by a value read in the loop: an unknown offset, not the 0 of its first value.
  EXPECT_EQ(a.at(0).offset->kind, Term::Kind::Symbol);
  EXPECT_EQ(a.offset(1), "(add " + a.offset(0) + " ?u.x)");
}

TEST(Symbolic, GuardsFromDominatingBranches) {
  Accesses a(R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n) reqntid(256, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %c = icmp ult i32 %t, %n
  cond_br %c, then, exit
then:
  %t64 = zext i32 %t to i64
  %p = ptr_add %base, %t64
  store %n, %p, align 4
  br exit
exit:
  ret
}
)");
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(a.at(0).guards.size(), 1u);
  EXPECT_EQ(term_str(a.at(0).guards[0].cond), "(ult tid.x arg0)");
  EXPECT_TRUE(a.at(0).guards[0].value);
}

const char* const kTree = R"(global @a : shared, size 1024, align 4

kernel @k() reqntid(256, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @a to ptr
  %t = intrinsic i32 tid.x()
  %t64 = zext i32 %t to i64
  %own = mul i64 %t64, 4:i64
  %p = ptr_add %base, %own
  store 1:i32, %p, align 4
  intrinsic void barrier.sync()
  br header
header:
  %s = phi i32 [128:i32, entry], [%s2, latch]
  %more = icmp ugt i32 %s, 0:i32
  cond_br %more, body, exit
body:
  %in = icmp ult i32 %t, %s
  cond_br %in, add, latch
add:
  %ts = add i32 %t, %s
  %ts64 = zext i32 %ts to i64
  %toff = mul i64 %ts64, 4:i64
  %q = ptr_add %base, %toff
  %other = load i32, %q, align 4
  %mine = load i32, %p, align 4
  %sum = add i32 %mine, %other
  store %sum, %p, align 4
  br latch
latch:
  BARRIER
  %s2 = lshr i32 %s, 1:i32
  br header
exit:
  %r = load i32, %base, align 4
  ret
}
)";

std::string tree(const std::string& barrier) {
  std::string text = kTree;
  text.replace(text.find("BARRIER"), 7, barrier);
  return text;
}

TEST(Intervals, BarriersCutAndLoopsKeepIterationsApart) {
  Accesses with(tree("intrinsic void barrier.sync()"));
  ASSERT_EQ(with.size(), 5u);  // own store; a[t + s], a[t] loads; a[t] store; a[0] load
  for (const IntervalPair& p : with.pairs()) {
    // The store before the first barrier meets only itself.
    EXPECT_TRUE(p.first != 0 || p.second == 0) << "the first store meets " << p.second;
    EXPECT_TRUE(p.split_loops.empty()) << p.first << " " << p.second;  // always the same round
    EXPECT_EQ(with.verdict(p.first, p.second, p.split_loops), RaceVerdict::Disjoint) << p.first << " " << p.second;
  }

  Accesses without(tree("intrinsic i32 laneid()"));
  bool split = false, race = false;
  for (const IntervalPair& p : without.pairs()) {
    split = split || !p.split_loops.empty();
    race = race || without.verdict(p.first, p.second, p.split_loops) == RaceVerdict::Race;
  }
  EXPECT_TRUE(split);  // rounds k and k' of different threads meet
  EXPECT_TRUE(race);
}

// Each thread writes its slot and reads its neighbour's; thread 0 alone writes slot 0.
constexpr const char* kOwnSlots = R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n) reqntid(256, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %t = intrinsic i32 tid.x()
  %t64 = zext i32 %t to i64
  %off = mul i64 %t64, 4:i64
  %p = ptr_add %base, %off
  store %n, %p, align 4
  %t1 = add i32 %t, 1:i32
  %w = urem i32 %t1, 256:i32
  %w64 = zext i32 %w to i64
  %woff = mul i64 %w64, 4:i64
  %q = ptr_add %base, %woff
  %v = load i32, %q, align 4
  %u = load i32, %base, align 4
  %c = icmp eq i32 %t, 0:i32
  cond_br %c, first, exit
first:
  store %n, %base, align 4
  br exit
exit:
  ret
}
)";

TEST(RaceSolver, OwnSlotsNeighboursAndWitnesses) {
  Accesses a(kOwnSlots);
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a.verdict(0, 0), RaceVerdict::Disjoint);  // tid * 4 in two threads
  RaceAnswer r = a.answer(0, 1);
  ASSERT_EQ(r.verdict, RaceVerdict::Race);
  ASSERT_TRUE(r.witness.has_value());
  // Thread A writes element tid_a, which thread B reads as (tid_b + 1) % 256.
  EXPECT_EQ(r.witness->tid_a[0], (r.witness->tid_b[0] + 1) % 256);
  EXPECT_EQ(r.witness->byte, 4 * r.witness->tid_a[0]);
  EXPECT_EQ(a.verdict(3, 3), RaceVerdict::Disjoint);  // only thread 0 writes element 0
  EXPECT_EQ(a.verdict(2, 3), RaceVerdict::Race);      // ... which the others read
}

// The kernel's budget is counted in Z3's resource units, not in time: spent, the pair is not
// proven, with the reason, on every machine however loaded; the default budget decides it.
TEST(RaceSolver, KernelBudgetInResourceUnits) {
  Accesses a(kOwnSlots);
  ASSERT_EQ(a.size(), 4u);
  RaceSolverOptions tiny;
  tiny.kernel_rlimit = 1;
  for (int run = 0; run < 2; ++run) {
    RaceAnswer r = a.answer(0, 1, tiny);
    EXPECT_EQ(r.verdict, RaceVerdict::Unknown);
    EXPECT_EQ(r.reason, "the solver budget for this kernel's race proofs ran out");
    EXPECT_TRUE(r.used_solver);
  }
  EXPECT_EQ(a.answer(0, 1).verdict, RaceVerdict::Race);
}

TEST(RaceSolver, AnyBlockShape) {
  Accesses a(R"(global @s : shared, size 4096, align 4

kernel @k(i32 %n) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %x = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %z = intrinsic i32 tid.z()
  %nx = intrinsic i32 ntid.x()
  %ny = intrinsic i32 ntid.y()
  %x64 = zext i32 %x to i64
  %y64 = zext i32 %y to i64
  %z64 = zext i32 %z to i64
  %nx64 = zext i32 %nx to i64
  %ny64 = zext i32 %ny to i64
  %yz = mul i64 %ny64, %z64
  %row = add i64 %y64, %yz
  %rows = mul i64 %nx64, %row
  %lin = add i64 %x64, %rows
  %off = mul i64 %lin, 4:i64
  %p = ptr_add %base, %off
  store %n, %p, align 4
  %xoff = mul i64 %x64, 4:i64
  %q = ptr_add %base, %xoff
  store %n, %q, align 4
  ret
}
)");
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a.verdict(0, 0), RaceVerdict::Disjoint);  // the linear index, any shape
  EXPECT_EQ(a.verdict(1, 1), RaceVerdict::Race);      // tid.x alone: (0, 0) and (0, 1)
}

TEST(RaceSolver, ArithmeticWraps) {
  Accesses a(R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n) reqntid(256, 1, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  %x = intrinsic i32 tid.x()
  %big = add i32 %x, 1073741824:i32
  %wrapped = mul i32 %big, 4:i32
  %w64 = zext i32 %wrapped to i64
  %p = ptr_add %base, %w64
  store %n, %p, align 4
  %x1 = add i32 %x, 1:i32
  %x1_64 = zext i32 %x1 to i64
  %off = mul i64 %x1_64, 4:i64
  %q = ptr_add %base, %off
  %v = load i32, %q, align 4
  ret
}
)");
  ASSERT_EQ(a.size(), 2u);
  // (x + 2^30) * 4 is x * 4 in 32 bits: the write is thread x's slot, which thread x - 1 reads.
  EXPECT_EQ(a.verdict(0, 0), RaceVerdict::Disjoint);
  RaceAnswer r = a.answer(0, 1);
  ASSERT_EQ(r.verdict, RaceVerdict::Race);
  ASSERT_TRUE(r.witness.has_value());
  EXPECT_EQ(r.witness->tid_a[0], r.witness->tid_b[0] + 1);
}

TEST(RaceSolver, EveryThreadWritingOneIndex) {
  Accesses a(R"(global @s : shared, size 1024, align 4

kernel @k(i32 %n) reqntid(1, 64, 1) {
entry:
  %base = addrspacecast ptr.shared @s to ptr
  store %n, %base, align 4
  %n64 = zext i32 %n to i64
  %off = mul i64 %n64, 4:i64
  %p = ptr_add %base, %off
  store %n, %p, align 4
  ret
}
)");
  ASSERT_EQ(a.size(), 2u);
  // A constant index: decided without the solver; the witness is thread 0 and the next one.
  RaceAnswer c = a.answer(0, 0);
  ASSERT_EQ(c.verdict, RaceVerdict::Race);
  EXPECT_FALSE(c.used_solver);
  ASSERT_TRUE(c.witness.has_value());
  EXPECT_EQ(c.witness->tid_b[1], 1u);  // the block is 1 x 64: the next thread is tid.y = 1
  // A uniform index from a parameter: the same element in every thread.
  RaceAnswer u = a.answer(1, 1);
  EXPECT_EQ(u.verdict, RaceVerdict::Race);
  EXPECT_TRUE(u.used_solver);
}

}  // namespace
}  // namespace simtc::analysis

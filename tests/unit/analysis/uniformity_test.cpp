#include "analysis/uniformity.hpp"

#include <gtest/gtest.h>

#include <map>

#include "analysis_test_util.hpp"

namespace simtc::analysis {
namespace {

// Parses one kernel and analyses it; values and blocks are looked up by name.
class Uniform {
 public:
  explicit Uniform(const std::string& text) : m_(test::parse_ok(text)) {
    fn_ = m_->functions().back();
    for (ir::Block* b : fn_->blocks()) {
      blocks_[b->name()] = b;
      for (ir::Instruction* i : b->instructions())
        if (!i->name().empty()) values_[i->name()] = i;
    }
    info_ = analyze_uniformity(*fn_);
  }
  Uniform(const std::string& text, const UniformityOptions& options) : Uniform(text) {
    info_ = analyze_uniformity(*fn_, options);
  }
  Uniformity value(const std::string& name) const { return info_.value(values_.at(name)); }
  VarianceSource source(const std::string& name) const { return info_.source(values_.at(name)); }
  Uniformity control(const std::string& block) const { return info_.control(blocks_.at(block)); }
  const ir::Instruction* cause(const std::string& block, Uniformity level) const {
    return info_.divergence_cause(blocks_.at(block), level);
  }
  const ir::Instruction* terminator(const std::string& block) const { return blocks_.at(block)->terminator(); }
  bool doomed(const std::string& block) const { return info_.doomed(blocks_.at(block)); }

 private:
  std::unique_ptr<ir::Module> m_;
  ir::Function* fn_ = nullptr;
  std::map<std::string, ir::Block*> blocks_;
  std::map<std::string, ir::Instruction*> values_;
  UniformityInfo info_;
};

TEST(Uniformity, SourcesOfVariance) {
  Uniform u(R"(kernel @k(i32 %n, ptr.global readonly %in, ptr.global %out) {
entry:
  %tid = intrinsic i32 tid.x()
  %bid = intrinsic i32 ctaid.x()
  %dim = intrinsic i32 ntid.x()
  %lane = intrinsic i32 laneid()
  %sum = add i32 %bid, %n
  %idx = add i32 %tid, %sum
  %off = zext i32 %bid to i64
  %p = ptr_add %in, %off
  %ro = load i32, %p, align 4
  %w = load i32, %out, align 4
  %old = intrinsic i32 atomic.add(%out, 1:i32, 0:i32, 1:i32)
  %clk = intrinsic i32 time.clock()
  %sh = intrinsic i32 warp.shfl.xor(-1:i32, %bid, 1:i32, 32:i32)
  %bal = intrinsic i32 warp.vote.ballot(-1:i32, true)
  %part = intrinsic i32 warp.vote.ballot(65535:i32, true)
  %all = intrinsic i1 barrier.or(true)
  %act = intrinsic i32 warp.activemask()
  ret
}
)");
  EXPECT_EQ(u.value("sum"), Uniformity::Block);
  EXPECT_EQ(u.value("dim"), Uniformity::Block);
  EXPECT_EQ(u.value("ro"), Uniformity::Block);  // read-only buffer, uniform address
  EXPECT_EQ(u.value("idx"), Uniformity::Varying);
  EXPECT_EQ(u.source("idx"), VarianceSource::ThreadIndex);
  EXPECT_EQ(u.value("lane"), Uniformity::WarpHigh);
  EXPECT_EQ(u.value("w"), Uniformity::Varying);  // the kernel may write that buffer
  EXPECT_EQ(u.source("w"), VarianceSource::Memory);
  EXPECT_EQ(u.source("old"), VarianceSource::Atomic);
  EXPECT_EQ(u.source("clk"), VarianceSource::Clock);
  EXPECT_EQ(u.value("sh"), Uniformity::Varying);
  EXPECT_EQ(u.source("sh"), VarianceSource::WarpResult);
  EXPECT_EQ(u.value("bal"), Uniformity::Warp);
  EXPECT_EQ(u.value("part"), Uniformity::Varying);
  EXPECT_EQ(u.value("all"), Uniformity::Block);
  EXPECT_EQ(u.source("act"), VarianceSource::ActiveMask);
}

TEST(Uniformity, TheBlockShapeMakesWarpsOfTidX) {
  const char* const body = R"(
entry:
  %t = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %w = udiv i32 %t, 32:i32
  %s = lshr i32 %t, 5:i32
  %lt = icmp ult i32 %t, 64:i32
  %le = icmp ule i32 %t, 95:i32
  %odd = icmp ult i32 %t, 48:i32
  %wide = zext i32 %t to i64
  %lt64 = icmp ult i64 %wide, 32:i64
  %rev = icmp ugt i32 128:i32, %t
  %sum = add i32 %t, %t
  %w2 = udiv i32 %sum, 32:i32
  ret
}
)";
  Uniform shaped(std::string("kernel @k() reqntid(128, 2, 1) {") + body);
  EXPECT_EQ(shaped.value("t"), Uniformity::WarpHigh);
  EXPECT_EQ(shaped.value("y"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("w"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("s"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("lt"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("le"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("odd"), Uniformity::Varying);
  EXPECT_EQ(shaped.value("lt64"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("rev"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("w2"), Uniformity::Varying);

  // 48 x 2: a warp holds parts of two rows.
  Uniform odd(std::string("kernel @k() reqntid(48, 2, 1) {") + body);
  EXPECT_EQ(odd.value("t"), Uniformity::Varying);
  EXPECT_EQ(odd.value("y"), Uniformity::Varying);
  EXPECT_EQ(odd.value("w"), Uniformity::Varying);
  // Without a contract nothing is known about the shape.
  Uniform free(std::string("kernel @k() {") + body);
  EXPECT_EQ(free.value("w"), Uniformity::Varying);
  // The linear index the hardware cuts into warps needs no contract.
  Uniform linear_index(R"(kernel @k() {
entry:
  %x = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %z = intrinsic i32 tid.z()
  %nx = intrinsic i32 ntid.x()
  %ny = intrinsic i32 ntid.y()
  %a = mul i32 %ny, %z
  %b = add i32 %y, %a
  %c = mul i32 %nx, %b
  %lin = add i32 %x, %c
  %w = udiv i32 %lin, 32:i32
  %wrong = add i32 %y, %c
  %w2 = udiv i32 %wrong, 32:i32
  ret
}
)");
  EXPECT_EQ(linear_index.value("lin"), Uniformity::WarpHigh);
  EXPECT_EQ(linear_index.value("w"), Uniformity::Warp);
  EXPECT_EQ(linear_index.value("w2"), Uniformity::Varying);
  // Rows of 32: tid.x + 32 * tid.y splits into warps too.
  Uniform rows(R"(kernel @k() reqntid(32, 4, 1) {
entry:
  %x = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %r = shl i32 %y, 5:i32
  %lin = add i32 %r, %x
  %w = lshr i32 %lin, 5:i32
  %off = add i32 %lin, 48:i32
  %w3 = lshr i32 %off, 5:i32
  ret
}
)");
  EXPECT_EQ(rows.value("w"), Uniformity::Warp);
  EXPECT_EQ(rows.value("w3"), Uniformity::Varying);
  // 1-D blocks of any size: tid.x is the linear index.
  Uniform linear(std::string("kernel @k() reqntid(100, 1, 1) {") + body);
  EXPECT_EQ(linear.value("w"), Uniformity::Warp);
}

// With groups of 128 (warpgroups): the same rules by 128, and warp-level facts no longer count.
TEST(Uniformity, WarpgroupsAreGroupsOf128) {
  const char* const body = R"(
entry:
  %t = intrinsic i32 tid.x()
  %y = intrinsic i32 tid.y()
  %g = udiv i32 %t, 128:i32
  %s = lshr i32 %t, 7:i32
  %w = udiv i32 %t, 32:i32
  %w5 = lshr i32 %t, 5:i32
  %lt = icmp ult i32 %t, 256:i32
  %half = icmp ult i32 %t, 64:i32
  %le = icmp ule i32 %t, 127:i32
  %in = urem i32 %t, 128:i32
  %gi = udiv i32 %in, 128:i32
  %vote = intrinsic i1 warp.vote.any(-1:i32, %half)
  %g2 = udiv i32 %w, 4:i32
  %g3 = lshr i32 %w5, 2:i32
  %g4 = udiv i32 %w, 2:i32
  ret
}
)";
  const UniformityOptions groups{.use_launch_bounds = true, .group_log2 = 7};
  Uniform shaped(std::string("kernel @k() reqntid(128, 2, 1) {") + body, groups);
  EXPECT_EQ(shaped.value("t"), Uniformity::WarpHigh);
  EXPECT_EQ(shaped.value("y"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("g"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("s"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("w"), Uniformity::Varying);
  EXPECT_EQ(shaped.value("w5"), Uniformity::Varying);
  EXPECT_EQ(shaped.value("lt"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("half"), Uniformity::Varying);
  EXPECT_EQ(shaped.value("le"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("gi"), Uniformity::Warp);
  EXPECT_EQ(shaped.value("vote"), Uniformity::Varying);  // one result per warp
  EXPECT_EQ(shaped.value("g2"), Uniformity::Warp);       // t / 32 / 4 = t / 128
  EXPECT_EQ(shaped.value("g3"), Uniformity::Warp);       // t >> 5 >> 2 = t >> 7
  EXPECT_EQ(shaped.value("g4"), Uniformity::Varying);    // t / 64
  // The same kernel by warps: those are warp-uniform.
  Uniform warps(std::string("kernel @k() reqntid(128, 2, 1) {") + body);
  EXPECT_EQ(warps.value("w"), Uniformity::Warp);
  EXPECT_EQ(warps.value("half"), Uniformity::Warp);
  EXPECT_EQ(warps.value("vote"), Uniformity::Warp);
  // 64 x 2: a warpgroup holds two rows, tid.y differs inside it.
  Uniform rows(std::string("kernel @k() reqntid(64, 2, 1) {") + body, groups);
  EXPECT_EQ(rows.value("y"), Uniformity::Varying);
  EXPECT_EQ(rows.value("g"), Uniformity::Varying);
}

TEST(Uniformity, SyncDependenceAtJoins) {
  Uniform u(R"(kernel @k(i32 %n) {
entry:
  %t = intrinsic i32 tid.x()
  %c = icmp ult i32 %t, %n
  cond_br %c, then, join
then:
  br join
join:
  %p = phi i32 [1:i32, then], [2:i32, entry]
  %u = icmp ult i32 %n, 4:i32
  cond_br %u, a, b
a:
  br end
b:
  br end
end:
  %q = phi i32 [1:i32, a], [2:i32, b]
  ret
}
)");
  EXPECT_EQ(u.value("c"), Uniformity::Varying);
  EXPECT_EQ(u.value("p"), Uniformity::Varying);
  EXPECT_EQ(u.control("then"), Uniformity::Varying);
  EXPECT_EQ(u.cause("then", Uniformity::Varying), u.terminator("entry"));
  EXPECT_EQ(u.control("join"), Uniformity::Block);
  EXPECT_EQ(u.value("q"), Uniformity::Block);
  EXPECT_EQ(u.control("a"), Uniformity::Block);
}

TEST(Uniformity, EarlyReturnMakesTheRestDivergent) {
  Uniform u(R"(kernel @k(i32 %n) {
entry:
  %t = intrinsic i32 tid.x()
  %b = intrinsic i32 ctaid.x()
  %ub = icmp uge i32 %b, %n
  cond_br %ub, exit, first
first:
  intrinsic void barrier.sync()
  %c = icmp uge i32 %t, %n
  cond_br %c, exit, rest
rest:
  intrinsic void barrier.sync()
  br exit
exit:
  ret
}
)");
  EXPECT_EQ(u.control("first"), Uniformity::Block);  // a block-uniform early return
  EXPECT_EQ(u.control("rest"), Uniformity::Varying);
  EXPECT_EQ(u.cause("rest", Uniformity::Varying), u.terminator("first"));
}

TEST(Uniformity, TemporalDivergenceAtTheExitOfALoop) {
  Uniform u(R"(kernel @k(i32 %n) {
entry:
  %t = intrinsic i32 tid.x()
  br head
head:
  %i = phi i32 [0:i32, entry], [%next, latch]
  %next = add i32 %i, 1:i32
  %c = icmp ult i32 %i, %t
  cond_br %c, latch, exit
latch:
  intrinsic void barrier.sync()
  br head
exit:
  %after = add i32 %next, 0:i32
  intrinsic void barrier.sync()
  ret
}
)");
  EXPECT_EQ(u.control("latch"), Uniformity::Varying);
  EXPECT_EQ(u.control("head"), Uniformity::Varying);
  EXPECT_EQ(u.control("exit"), Uniformity::Block);  // every thread leaves the loop
  EXPECT_EQ(u.value("after"), Uniformity::Varying);  // but after different trip counts
}

TEST(Uniformity, UniformLoopsAndWarpUniformBranches) {
  Uniform u(R"(kernel @k(i32 %n) reqntid(256, 1, 1) {
entry:
  %t = intrinsic i32 tid.x()
  br head
head:
  %i = phi i32 [0:i32, entry], [%next, body]
  %c = icmp ult i32 %i, %n
  cond_br %c, body, after
body:
  intrinsic void barrier.sync()
  %next = add i32 %i, 1:i32
  br head
after:
  %w = icmp ult i32 %t, 32:i32
  cond_br %w, first_warp, end
first_warp:
  %s = intrinsic i32 warp.shfl.xor(-1:i32, %t, 1:i32, 32:i32)
  br end
end:
  ret
}
)");
  EXPECT_EQ(u.value("i"), Uniformity::Block);
  EXPECT_EQ(u.control("body"), Uniformity::Block);
  EXPECT_EQ(u.control("first_warp"), Uniformity::Warp);
  EXPECT_EQ(u.cause("first_warp", Uniformity::Warp), u.terminator("after"));
  EXPECT_EQ(u.cause("first_warp", Uniformity::Varying), nullptr);
}

TEST(Uniformity, TrapsAreNotDivergence) {
  Uniform u(R"(kernel @k(i64 %size) {
entry:
  %t = intrinsic i32 tid.x()
  %i = zext i32 %t to i64
  %ok = icmp ult i64 %i, %size
  cond_br %ok, fine, fail
fail:
  intrinsic void trap()
  unreachable
fine:
  intrinsic void barrier.sync()
  ret
}
)");
  EXPECT_TRUE(u.doomed("fail"));
  EXPECT_FALSE(u.doomed("fine"));
  EXPECT_EQ(u.control("fine"), Uniformity::Block);
  EXPECT_EQ(u.control("fail"), Uniformity::Varying);
}

TEST(Uniformity, LocalsInMemoryAndSharedMemory) {
  Uniform u(R"(global @tile : shared, size 1024, align 4

kernel @k(i32 %n, i64 %k) {
entry:
  %arr = alloca 16, align 4
  %varr = alloca 16, align 4
  %t = intrinsic i32 tid.x()
  %e = ptr_add %arr, %k
  store %n, %e, align 4
  %v = load i32, %arr, align 4
  %f = ptr_add %varr, %k
  store %t, %f, align 4
  %vv = load i32, %varr, align 4
  %sp = addrspacecast ptr.shared @tile to ptr
  store %n, %sp, align 4
  %s = load i32, %sp, align 4
  ret
}
)");
  EXPECT_EQ(u.value("v"), Uniformity::Block);
  EXPECT_EQ(u.value("vv"), Uniformity::Varying);
  EXPECT_EQ(u.value("s"), Uniformity::Varying);  // other threads write shared memory
  EXPECT_EQ(u.source("s"), VarianceSource::Memory);
}

TEST(Uniformity, SwitchesSelectsAndCalls) {
  Uniform u(R"(func @opaque(i32 %x) -> i32 {
entry:
  ret %x
}

kernel @k(i1 %flag, i32 %n) reqntid(64, 1, 1) {
entry:
  %t = intrinsic i32 tid.x()
  %l = intrinsic i32 laneid()
  %pick = select i32 %flag, %t, %l
  %w = lshr i32 %pick, 5:i32
  %c = icmp ult i32 %t, 7:i32
  %mixed = select i32 %c, %n, %n
  %r = call i32 @opaque(%n)
  switch %w, done [0:i32, zero]
zero:
  br done
done:
  switch %t, end [1:i32, one]
one:
  br end
end:
  ret
}
)");
  EXPECT_EQ(u.value("pick"), Uniformity::WarpHigh);  // a uniform choice between two of them
  EXPECT_EQ(u.value("w"), Uniformity::Warp);
  EXPECT_EQ(u.value("mixed"), Uniformity::Varying);  // not folded here: the condition varies
  EXPECT_EQ(u.source("r"), VarianceSource::Call);
  EXPECT_EQ(u.control("zero"), Uniformity::Warp);
  EXPECT_EQ(u.control("one"), Uniformity::Varying);
  EXPECT_EQ(u.control("end"), Uniformity::Block);
}

}  // namespace
}  // namespace simtc::analysis

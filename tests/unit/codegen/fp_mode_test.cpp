// --fmad and --use_fast_math, checked in the PTX.
#include "test_util.hpp"

namespace simtc::codegen::test {
namespace {

using ir::IntrinsicId;
using ir::Opcode;
using ir::Type;

const Type kGlobalPtr = Type::ptr(ir::AddrSpace::Global);

// out[tid] = a * b + c for scalar params of type t.
std::unique_ptr<ir::Module> mul_add(Type t) {
  KernelBuilder k("k", {kGlobalPtr, t, t, t}, {"out", "a", "b", "c"});
  k.store_at_tid(k.arg(0), k.b.binary(Opcode::FAdd, k.b.binary(Opcode::FMul, k.arg(1), k.arg(2)),
                                      k.arg(3)));
  k.b.ret();
  return std::move(k.module);
}

// out[tid] = a / b.
std::unique_ptr<ir::Module> divide(Type t) {
  KernelBuilder k("k", {kGlobalPtr, t, t}, {"out", "a", "b"});
  k.store_at_tid(k.arg(0), k.b.binary(Opcode::FDiv, k.arg(1), k.arg(2)));
  k.b.ret();
  return std::move(k.module);
}

TargetOptions with(bool fmad, bool fast_math) {
  TargetOptions o;
  o.fmad = fmad;
  o.fast_math = fast_math;
  return o;
}

TEST(FpMode, FmadContractsMulAdd) {
  std::string ptx = ptx_of(*mul_add(Type::f32()), with(true, false));
  EXPECT_EQ(lines_with(ptx, ".f32 \t"), "\tfma.rn.f32 \t%r4, %r1, %r2, %r3;\n") << ptx;
  ptx = ptx_of(*mul_add(Type::f64()), with(true, false));
  EXPECT_TRUE(contains(ptx, "fma.rn.f64")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(FpMode, NoFmadKeepsMulAndAddApart) {
  std::string ptx = ptx_of(*mul_add(Type::f32()), with(false, false));
  EXPECT_EQ(lines_with(ptx, ".f32 \t"),
            "\tmul.rn.f32 \t%r3, %r1, %r2;\n"
            "\tadd.rn.f32 \t%r5, %r3, %r4;\n")
      << ptx;
  EXPECT_FALSE(contains(ptx, "fma")) << ptx;
  for (int level : {0, 1, 2}) {
    TargetOptions o = with(false, false);
    o.opt_level = level;
    EXPECT_FALSE(contains(ptx_of(*mul_add(Type::f64()), o), "fma")) << "O" << level;
  }
  expect_ptxas_accepts(ptx);
}

TEST(FpMode, ContractFlagsFollowFmad) {
  EXPECT_TRUE(contains(llvm_of(*mul_add(Type::f32()), false, with(true, false)),
                       "fmul contract float %a, %b"));
  std::string ll = llvm_of(*mul_add(Type::f32()), false, with(false, false));
  EXPECT_TRUE(contains(ll, "fmul float %a, %b")) << ll;
  EXPECT_FALSE(contains(ll, "contract")) << ll;
}

TEST(FpMode, PreciseDivisionByDefault) {
  std::string ptx = ptx_of(*divide(Type::f32()), with(true, false));
  EXPECT_TRUE(contains(ptx, "div.rn.f32")) << ptx;
  EXPECT_FALSE(contains(ptx, ".ftz")) << ptx;
  EXPECT_FALSE(contains(ptx, "div.approx")) << ptx;
  EXPECT_FALSE(contains(ptx, "div.full")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(FpMode, FastMathApproximatesAndFlushesF32) {
  std::string ptx = ptx_of(*divide(Type::f32()), with(true, true));
  EXPECT_EQ(lines_with(ptx, ".f32 \t"), "\tdiv.approx.ftz.f32 \t%r3, %r1, %r2;\n") << ptx;
  expect_ptxas_accepts(ptx);
  ptx = ptx_of(*mul_add(Type::f32()), with(true, true));
  EXPECT_TRUE(contains(ptx, "fma.rn.ftz.f32")) << ptx;
  std::string ll = llvm_of(*divide(Type::f32()), false, with(true, true));
  EXPECT_TRUE(contains(ll, "fdiv arcp contract afn float %a, %b")) << ll;
  EXPECT_TRUE(contains(ll, "\"denormal-fp-math-f32\"=\"preserve-sign,preserve-sign\"")) << ll;
}

TEST(FpMode, FastMathLeavesDoubleAlone) {
  std::string ptx = ptx_of(*divide(Type::f64()), with(true, true));
  EXPECT_TRUE(contains(ptx, "div.rn.f64")) << ptx;
  expect_ptxas_accepts(ptx);
}

std::unique_ptr<ir::Module> unary(IntrinsicId id, Type t) {
  KernelBuilder k("k", {kGlobalPtr, t}, {"out", "x"});
  ir::Value* r = k.b.intrinsic(id, t, {k.arg(1)});
  k.store_at_tid(k.arg(0), r);
  k.b.ret();
  return std::move(k.module);
}

TEST(FpMode, FastMathSqrtAndTranscendentals) {
  std::string precise = ptx_of(*unary(IntrinsicId::Sqrt, Type::f32()), with(true, false));
  EXPECT_TRUE(contains(precise, "sqrt.rn.f32")) << precise;
  std::string fast = ptx_of(*unary(IntrinsicId::Sqrt, Type::f32()), with(true, true));
  EXPECT_TRUE(contains(fast, "sqrt.approx.ftz.f32")) << fast;
  expect_ptxas_accepts(fast);

  precise = ptx_of(*unary(IntrinsicId::Sin, Type::f32()), with(true, false));
  EXPECT_FALSE(contains(precise, "sin.approx")) << precise;
  fast = ptx_of(*unary(IntrinsicId::Sin, Type::f32()), with(true, true));
  EXPECT_TRUE(contains(fast, "sin.approx.ftz.f32")) << fast;
  EXPECT_TRUE(contains(llvm_of(*unary(IntrinsicId::Sin, Type::f32()), false, with(true, true)),
                       "@__nv_fast_sinf("));
  expect_ptxas_accepts(fast);

  fast = ptx_of(*unary(IntrinsicId::Log, Type::f32()), with(true, true));
  EXPECT_TRUE(contains(fast, "lg2.approx.ftz.f32")) << fast;
  EXPECT_TRUE(contains(llvm_of(*unary(IntrinsicId::Log, Type::f32()), true, with(true, true)),
                       "!{i32 4, !\"nvvm-reflect-ftz\", i32 1}"));
  expect_ptxas_accepts(fast);
}

TEST(FpMode, FastMathKeepsNanChecks) {
  // --use_fast_math is not finite-math-only: isnan must still test.
  KernelBuilder k("k", {kGlobalPtr, Type::f32()}, {"out", "x"});
  ir::Value* r = k.b.intrinsic(IntrinsicId::IsNan, Type::i1(), {k.arg(1)});
  k.store_at_tid(k.arg(0), k.b.cast(Opcode::ZExt, r, Type::i32()));
  k.b.ret();
  std::string ptx = ptx_of(*k.module, with(true, true));
  EXPECT_TRUE(contains(ptx, "setp.nan.ftz.f32")) << ptx;
}

}  // namespace
}  // namespace simtc::codegen::test

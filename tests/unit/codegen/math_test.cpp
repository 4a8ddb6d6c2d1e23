// Intrinsics: special registers, float math (LLVM intrinsics and libdevice), bit operations.
#include "test_util.hpp"

namespace simtc::codegen::test {
namespace {

using ir::IntrinsicId;
using ir::Opcode;
using ir::Type;

const Type kGlobalPtr = Type::ptr(ir::AddrSpace::Global);

// kernel k(out, in) { out[tid] = id(in[tid], ...) } with `arity` operands loaded from `in`.
// An i1 result is stored as an i32 0/1.
std::unique_ptr<ir::Module> intrinsic_kernel(IntrinsicId id, Type operand, Type result,
                                             unsigned arity = 1) {
  KernelBuilder k("k", {kGlobalPtr, kGlobalPtr}, {"out", "in"});
  ir::Value* x = k.load_at_tid(k.arg(1), operand);
  std::vector<ir::Value*> args(arity, x);
  for (unsigned i = 1; i < arity; ++i)
    args[i] = k.b.load(operand, k.b.ptr_add(k.arg(1), k.b.i64(i * operand.size_bytes())),
                       operand.align_bytes());
  ir::Value* r = k.b.intrinsic(id, result, args);
  if (result == Type::i1()) r = k.b.cast(Opcode::ZExt, r, Type::i32());
  k.store_at_tid(k.arg(0), r);
  k.b.ret();
  return std::move(k.module);
}

TEST(Math, SpecialRegisters) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  ir::Value* sum = k.b.i32(0);
  for (IntrinsicId id : {IntrinsicId::TidX, IntrinsicId::TidY, IntrinsicId::TidZ,
                         IntrinsicId::NtidX, IntrinsicId::NtidY, IntrinsicId::NtidZ,
                         IntrinsicId::CtaidX, IntrinsicId::CtaidY, IntrinsicId::CtaidZ,
                         IntrinsicId::NctaidX, IntrinsicId::NctaidY, IntrinsicId::NctaidZ,
                         IntrinsicId::LaneId, IntrinsicId::WarpSize})
    sum = k.b.binary(Opcode::Xor, sum, k.b.intrinsic(id, Type::i32(), {}));
  k.store_at_tid(k.arg(0), sum);
  k.b.ret();
  std::string ptx = ptx_of(*k.module);
  for (const char* reg : {"%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
                          "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y",
                          "%nctaid.z", "%laneid"})
    EXPECT_TRUE(contains(ptx, reg)) << reg << "\n" << ptx;
  // LLVM folds warpsize to its known value.
  EXPECT_TRUE(contains(llvm_of(*k.module), "call i32 @llvm.nvvm.read.ptx.sreg.warpsize()"));
  EXPECT_TRUE(contains(ptx, "xor.b32 \t%r26, %r25, 32;")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Math, TrapIsTrap) {
  KernelBuilder k("k", {}, {});
  k.b.intrinsic(IntrinsicId::Trap, Type::void_(), {});
  k.b.unreachable();
  std::string ptx = ptx_of(*k.module);
  EXPECT_TRUE(contains(ptx, "trap;")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Math, ExpfComesFromLibdeviceAndIsInlined) {
  auto m = intrinsic_kernel(IntrinsicId::Exp, Type::f32(), Type::f32());
  EXPECT_TRUE(contains(llvm_of(*m), "call contract float @__nv_expf(float"));
  std::string ptx = ptx_of(*m);
  EXPECT_TRUE(contains(ptx, "ex2.approx.ftz.f32")) << ptx;
  EXPECT_FALSE(contains(ptx, "__nv_")) << ptx;
  EXPECT_FALSE(contains(ptx, ".extern")) << ptx;
  EXPECT_FALSE(contains(ptx, ".func")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Math, LibdeviceIsOnlyLinkedWhenUsed) {
  std::string ll = llvm_of(*intrinsic_kernel(IntrinsicId::Fabs, Type::f32(), Type::f32()));
  EXPECT_FALSE(contains(ll, "__nv_")) << ll;
  EXPECT_FALSE(contains(ll, "__nvvm_reflect")) << ll;
  // Linked functions are internal, and only the needed ones come over.
  ll = llvm_of(*intrinsic_kernel(IntrinsicId::Sin, Type::f32(), Type::f32()));
  EXPECT_TRUE(contains(ll, "define internal float @__nv_sinf(float")) << ll;
  EXPECT_FALSE(contains(ll, "@__nv_cosf")) << ll;
  EXPECT_TRUE(contains(ll, "!{i32 4, !\"nvvm-reflect-ftz\", i32 0}")) << ll;
}

TEST(Math, MissingLibdeviceIsAnError) {
  auto m = intrinsic_kernel(IntrinsicId::Exp, Type::f64(), Type::f64());
  TargetOptions o;
  o.libdevice_path = "/nonexistent/libdevice.10.bc";
  std::string out;
  DiagnosticSink diags;
  EXPECT_FALSE(emit_ptx(*m, o, out, diags));
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].message,
            "cannot read libdevice at '/nonexistent/libdevice.10.bc': No such file or directory "
            "(install the CUDA toolkit or pass its libdevice.10.bc)");
  // A module that needs no libdevice does not look for it.
  DiagnosticSink diags2;
  EXPECT_TRUE(emit_ptx(*intrinsic_kernel(IntrinsicId::Sqrt, Type::f32(), Type::f32()), o, out,
                       diags2));
}

struct Expect {
  IntrinsicId id;
  Type operand, result;
  unsigned arity;
  const char* ptx;  // an instruction that must appear
};

TEST(Math, ExactFloatIntrinsics) {
  const Type f32 = Type::f32(), f64 = Type::f64(), i1 = Type::i1();
  const Expect cases[] = {
      {IntrinsicId::Sqrt, f32, f32, 1, "sqrt.rn.f32"},
      {IntrinsicId::Sqrt, f64, f64, 1, "sqrt.rn.f64"},
      {IntrinsicId::Fabs, f32, f32, 1, "abs.f32"},
      {IntrinsicId::Floor, f32, f32, 1, "cvt.rmi.f32.f32"},
      {IntrinsicId::Ceil, f64, f64, 1, "cvt.rpi.f64.f64"},
      {IntrinsicId::Trunc, f32, f32, 1, "cvt.rzi.f32.f32"},
      {IntrinsicId::Rint, f32, f32, 1, "cvt.rni.f32.f32"},
      {IntrinsicId::Round, f32, f32, 1, "cvt.rzi.f32.f32"},
      {IntrinsicId::Fmin, f32, f32, 2, "min.f32"},
      {IntrinsicId::Fmax, f64, f64, 2, "max.f64"},
      {IntrinsicId::Fma, f32, f32, 3, "fma.rn.f32"},
      {IntrinsicId::Copysign, f32, f32, 2, "copysign.f32"},
      {IntrinsicId::IsNan, f32, i1, 1, "setp.nan.f32"},
      {IntrinsicId::IsInf, f32, i1, 1, "setp.eq.f32"},
      {IntrinsicId::IsFinite, f64, i1, 1, "setp.ne.f64"},
  };
  for (const Expect& c : cases) {
    SCOPED_TRACE(ir::intrinsic_name(c.id));
    auto m = intrinsic_kernel(c.id, c.operand, c.result, c.arity);
    std::string ptx = ptx_of(*m);
    EXPECT_TRUE(contains(ptx, c.ptx)) << ptx;
    EXPECT_FALSE(contains(ptx, "__nv_")) << ptx;
    expect_ptxas_accepts(ptx);
  }
}

TEST(Math, IsInfAndIsFiniteCompareMagnitudeWithInfinity) {
  std::string ll = llvm_of(*intrinsic_kernel(IntrinsicId::IsInf, Type::f32(), Type::i1()));
  EXPECT_TRUE(contains(ll, "call float @llvm.fabs.f32(float")) << ll;
  EXPECT_TRUE(contains(ll, "fcmp oeq float %")) << ll;
  EXPECT_TRUE(contains(ll, ", 0x7FF0000000000000")) << ll;
  ll = llvm_of(*intrinsic_kernel(IntrinsicId::IsFinite, Type::f64(), Type::i1()));
  EXPECT_TRUE(contains(ll, "fcmp one double %")) << ll;
  ll = llvm_of(*intrinsic_kernel(IntrinsicId::IsNan, Type::f32(), Type::i1()));
  EXPECT_TRUE(contains(ll, "fcmp uno float %")) << ll;
}

// Every libdevice-backed function, f32 and f64, inlines and assembles.
TEST(Math, LibdeviceFunctionsAssemble) {
  const IntrinsicId unary[] = {
      IntrinsicId::Rsqrt, IntrinsicId::Cbrt,  IntrinsicId::Exp,   IntrinsicId::Exp2,
      IntrinsicId::Exp10, IntrinsicId::Expm1, IntrinsicId::Log,   IntrinsicId::Log2,
      IntrinsicId::Log10, IntrinsicId::Log1p, IntrinsicId::Sin,   IntrinsicId::Cos,
      IntrinsicId::Tan,   IntrinsicId::Asin,  IntrinsicId::Acos,  IntrinsicId::Atan,
      IntrinsicId::Sinh,  IntrinsicId::Cosh,  IntrinsicId::Tanh,  IntrinsicId::Asinh,
      IntrinsicId::Acosh, IntrinsicId::Atanh, IntrinsicId::Erf,   IntrinsicId::Erfc,
      IntrinsicId::Lgamma, IntrinsicId::Tgamma};
  const IntrinsicId binary[] = {IntrinsicId::Atan2, IntrinsicId::Pow, IntrinsicId::Fmod,
                                IntrinsicId::Hypot};
  if (!ptxas_available()) GTEST_SKIP() << "ptxas not available";
  for (Type t : {Type::f32(), Type::f64()}) {
    // One kernel per type that calls them all keeps the test fast.
    KernelBuilder k("k", {kGlobalPtr, kGlobalPtr}, {"out", "in"});
    ir::Value* x = k.load_at_tid(k.arg(1), t);
    ir::Value* acc = x;
    for (IntrinsicId id : unary)
      acc = k.b.binary(Opcode::FAdd, acc, k.b.intrinsic(id, t, {x}));
    for (IntrinsicId id : binary)
      acc = k.b.binary(Opcode::FAdd, acc, k.b.intrinsic(id, t, {x, acc}));
    k.store_at_tid(k.arg(0), acc);
    k.b.ret();
    std::string ptx = ptx_of(*k.module);
    EXPECT_FALSE(contains(ptx, "__nv_")) << t.str();
    EXPECT_FALSE(contains(ptx, ".extern")) << t.str();
    expect_ptxas_accepts(ptx);
  }
}

TEST(Math, FRemIsExactFmod) {
  KernelBuilder k("k", {kGlobalPtr, Type::f32(), Type::f32()}, {"out", "a", "b"});
  k.store_at_tid(k.arg(0), k.b.binary(Opcode::FRem, k.arg(1), k.arg(2)));
  k.b.ret();
  std::string ll = llvm_of(*k.module);
  EXPECT_TRUE(contains(ll, "call contract float @__nv_fmodf(float %a, float %b)")) << ll;
  EXPECT_FALSE(contains(ll, "frem")) << ll;
  std::string ptx = ptx_of(*k.module);
  EXPECT_FALSE(contains(ptx, "__nv_")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Math, IntegerIntrinsics) {
  const Type i32 = Type::i32(), i64 = Type::i64();
  const Expect cases[] = {
      {IntrinsicId::Popc, i32, i32, 1, "popc.b32"},
      {IntrinsicId::Popc, i64, i32, 1, "popc.b64"},
      {IntrinsicId::Clz, i32, i32, 1, "clz.b32"},
      {IntrinsicId::Clz, i64, i32, 1, "clz.b64"},
      {IntrinsicId::Ffs, i32, i32, 1, "popc.b32"},
      {IntrinsicId::Ffs, i64, i32, 1, "popc.b64"},
      {IntrinsicId::Brev, i32, i32, 1, "brev.b32"},
      {IntrinsicId::Brev, i64, i64, 1, "brev.b64"},
      {IntrinsicId::SMin, i32, i32, 2, "min.s32"},
      {IntrinsicId::SMax, i64, i64, 2, "max.s64"},
      {IntrinsicId::UMin, i32, i32, 2, "min.u32"},
      {IntrinsicId::UMax, i32, i32, 2, "max.u32"},
      {IntrinsicId::MulHiS, i32, i32, 2, "mul.hi.s32"},
      {IntrinsicId::MulHiU, i32, i32, 2, "mul.hi.u32"},
      {IntrinsicId::MulHiS, i64, i64, 2, "mul.hi.s64"},
      {IntrinsicId::MulHiU, i64, i64, 2, "mul.hi.u64"},
      {IntrinsicId::Abs, i32, i32, 1, "abs.s32"},
  };
  for (const Expect& c : cases) {
    SCOPED_TRACE(std::string(ir::intrinsic_name(c.id)) + " " + c.operand.str());
    std::string ptx = ptx_of(*intrinsic_kernel(c.id, c.operand, c.result, c.arity));
    EXPECT_TRUE(contains(ptx, c.ptx)) << ptx;
    expect_ptxas_accepts(ptx);
  }
}

TEST(Math, IntegerIntrinsicsInLlvm) {
  std::string ll = llvm_of(*intrinsic_kernel(IntrinsicId::Clz, Type::i64(), Type::i32()));
  EXPECT_TRUE(contains(ll, "call i64 @llvm.ctlz.i64(i64 %")) << ll;
  EXPECT_TRUE(contains(ll, ", i1 false)")) << ll;  // clz(0) = 64, not poison
  ll = llvm_of(*intrinsic_kernel(IntrinsicId::Abs, Type::i32(), Type::i32()));
  EXPECT_TRUE(contains(ll, "call i32 @llvm.abs.i32(i32 %")) << ll;
  EXPECT_TRUE(contains(ll, ", i1 false)")) << ll;  // abs(INT_MIN) = INT_MIN, not poison
  ll = llvm_of(*intrinsic_kernel(IntrinsicId::Ffs, Type::i32(), Type::i32()));
  EXPECT_TRUE(contains(ll, "call i32 @llvm.cttz.i32(i32 %")) << ll;
  EXPECT_TRUE(contains(ll, "select i1 %")) << ll;  // ffs(0) = 0
}

}  // namespace
}  // namespace simtc::codegen::test

// The IR's total integer semantics: guarded division, masked shifts, saturating fptosi.
#include "test_util.hpp"

namespace simtc::codegen::test {
namespace {

using ir::Opcode;
using ir::Type;

const Type kGlobalPtr = Type::ptr(ir::AddrSpace::Global);

// kernel k(out, a, b) { out[tid] = a <op> b }; `rhs` replaces b when given.
std::unique_ptr<ir::Module> binary_kernel(Opcode op, Type t, std::optional<std::uint64_t> rhs = {}) {
  KernelBuilder k("k", {kGlobalPtr, t, t}, {"out", "a", "b"});
  ir::Value* b = rhs ? static_cast<ir::Value*>(k.b.int_const(t, *rhs)) : k.arg(2);
  ir::Instruction* r = k.b.binary(op, k.arg(1), b);
  r->set_name("r");
  k.store_at_tid(k.arg(0), r);
  k.b.ret();
  return std::move(k.module);
}

// The body of @k in unoptimized LLVM IR, from "entry:" to the store.
std::string body(const std::string& ll) {
  auto begin = ll.find("entry:");
  auto end = ll.find("store ", begin);
  return ll.substr(begin, end - begin);
}

TEST(IntSemantics, SDivByVariableIsGuarded) {
  auto m = binary_kernel(Opcode::SDiv, Type::i32());
  std::string ll = llvm_of(*m);
  EXPECT_EQ(body(ll),
            "entry:\n"
            "  %div.zero = icmp eq i32 %b, 0\n"
            "  %div.minus1 = icmp eq i32 %b, -1\n"
            "  %0 = or i1 %div.zero, %div.minus1\n"
            "  %div.safe = select i1 %0, i32 1, i32 %b\n"
            "  %1 = sdiv i32 %a, %div.safe\n"
            "  %2 = sub i32 0, %a\n"
            "  %3 = select i1 %div.minus1, i32 %2, i32 %1\n"
            "  %r = select i1 %div.zero, i32 -1, i32 %3\n"
            "  %4 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
            "  %5 = zext i32 %4 to i64\n"
            "  %6 = mul i64 %5, 4\n"
            "  %7 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %6\n  ");
  std::string ptx = ptx_of(*m);
  EXPECT_TRUE(contains(ptx, "div.s32")) << ptx;
  EXPECT_TRUE(contains(ptx, "selp.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(IntSemantics, SRemByVariableIsGuarded) {
  auto m = binary_kernel(Opcode::SRem, Type::i64());
  std::string b = body(llvm_of(*m));
  EXPECT_TRUE(contains(b, "%div.safe = select i1 %0, i64 1, i64 %b\n"
                          "  %1 = srem i64 %a, %div.safe\n"
                          "  %2 = select i1 %div.minus1, i64 0, i64 %1\n"
                          "  %r = select i1 %div.zero, i64 %a, i64 %2\n"))
      << b;
  std::string ptx = ptx_of(*m);
  EXPECT_TRUE(contains(ptx, "rem.s64")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(IntSemantics, UDivAndURemByVariableAreGuarded) {
  auto div = binary_kernel(Opcode::UDiv, Type::i32());
  std::string b = body(llvm_of(*div));
  EXPECT_TRUE(contains(b, "%div.zero = icmp eq i32 %b, 0\n"
                          "  %div.safe = select i1 %div.zero, i32 1, i32 %b\n"
                          "  %0 = udiv i32 %a, %div.safe\n"
                          "  %r = select i1 %div.zero, i32 -1, i32 %0\n"))
      << b;
  EXPECT_FALSE(contains(b, "div.minus1"));
  auto rem = binary_kernel(Opcode::URem, Type::i16());
  b = body(llvm_of(*rem));
  EXPECT_TRUE(contains(b, "%0 = urem i16 %a, %div.safe\n"
                          "  %r = select i1 %div.zero, i16 %a, i16 %0\n"))
      << b;
  expect_ptxas_accepts(ptx_of(*div));
  expect_ptxas_accepts(ptx_of(*rem));
}

TEST(IntSemantics, DivisionByOrdinaryConstantIsPlain) {
  std::string b = body(llvm_of(*binary_kernel(Opcode::SDiv, Type::i32(), 7)));
  EXPECT_TRUE(contains(b, "%r = sdiv i32 %a, 7\n")) << b;
  EXPECT_FALSE(contains(b, "select")) << b;
  b = body(llvm_of(*binary_kernel(Opcode::URem, Type::i32(), 0xFFFFFFFF)));
  EXPECT_TRUE(contains(b, "%r = urem i32 %a, -1\n")) << b;  // -1 is only special when signed
  EXPECT_FALSE(contains(b, "select")) << b;
}

TEST(IntSemantics, DivisionBySpecialConstantsFolds) {
  // x / 0 = -1 (all ones), x % 0 = x, x / -1 = -x (wrapping), x % -1 = 0.
  std::string ll = llvm_of(*binary_kernel(Opcode::SDiv, Type::i32(), 0));
  EXPECT_TRUE(contains(ll, "store i32 -1, ptr addrspace(1)")) << ll;
  ll = llvm_of(*binary_kernel(Opcode::UDiv, Type::i8(), 0));
  EXPECT_TRUE(contains(ll, "store i8 -1, ptr addrspace(1)")) << ll;
  ll = llvm_of(*binary_kernel(Opcode::URem, Type::i32(), 0));
  EXPECT_TRUE(contains(ll, "store i32 %a, ptr addrspace(1)")) << ll;
  ll = llvm_of(*binary_kernel(Opcode::SDiv, Type::i32(), 0xFFFFFFFF));
  EXPECT_TRUE(contains(body(ll), "%r = sub i32 0, %a\n")) << ll;
  EXPECT_FALSE(contains(ll, "sdiv")) << ll;
  ll = llvm_of(*binary_kernel(Opcode::SRem, Type::i64(), ~std::uint64_t{0}));
  EXPECT_TRUE(contains(ll, "store i64 0, ptr addrspace(1)")) << ll;
}

TEST(IntSemantics, OptimizedGuardsLeaveNoUndefinedDivision) {
  // After O3 the guard must still be there: LLVM may not assume b != 0.
  std::string ll = llvm_of(*binary_kernel(Opcode::SDiv, Type::i32()), /*optimize=*/true);
  EXPECT_TRUE(contains(ll, "icmp eq i32 %b, 0")) << ll;
  EXPECT_TRUE(contains(ll, "sdiv i32 %a, ")) << ll;
  EXPECT_FALSE(contains(ll, "sdiv i32 %a, %b")) << ll;
}

TEST(IntSemantics, VariableShiftAmountsAreMasked) {
  std::string b = body(llvm_of(*binary_kernel(Opcode::Shl, Type::i32())));
  EXPECT_TRUE(contains(b, "%shamt = and i32 %b, 31\n  %r = shl i32 %a, %shamt\n")) << b;
  b = body(llvm_of(*binary_kernel(Opcode::AShr, Type::i64())));
  EXPECT_TRUE(contains(b, "%shamt = and i64 %b, 63\n  %r = ashr i64 %a, %shamt\n")) << b;
  b = body(llvm_of(*binary_kernel(Opcode::LShr, Type::i8())));
  EXPECT_TRUE(contains(b, "%shamt = and i8 %b, 7\n  %r = lshr i8 %a, %shamt\n")) << b;
  std::string ptx = ptx_of(*binary_kernel(Opcode::Shl, Type::i32()));
  EXPECT_TRUE(contains(ptx, "and.b32")) << ptx;
  EXPECT_TRUE(contains(ptx, "shl.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(IntSemantics, ConstantShiftAmounts) {
  std::string b = body(llvm_of(*binary_kernel(Opcode::Shl, Type::i32(), 3)));
  EXPECT_TRUE(contains(b, "%r = shl i32 %a, 3\n")) << b;
  EXPECT_FALSE(contains(b, "and ")) << b;
  // 40 mod 32 = 8
  b = body(llvm_of(*binary_kernel(Opcode::LShr, Type::i32(), 40)));
  EXPECT_TRUE(contains(b, "%r = lshr i32 %a, 8\n")) << b;
}

TEST(IntSemantics, WrapFlagsOnlyWhenTheIrHasThem) {
  KernelBuilder k("k", {kGlobalPtr, Type::i32(), Type::i32()}, {"out", "a", "b"});
  ir::Instruction* plain = k.b.binary(Opcode::Add, k.arg(1), k.arg(2));
  plain->set_name("plain");
  ir::Instruction* nsw = k.b.binary(Opcode::Mul, plain, k.arg(2), ir::NoSignedWrap);
  nsw->set_name("nsw");
  ir::Instruction* nuw = k.b.binary(Opcode::Sub, nsw, k.arg(1), ir::NoUnsignedWrap);
  nuw->set_name("nuw");
  k.store_at_tid(k.arg(0), nuw);
  k.b.ret();
  std::string b = body(llvm_of(*k.module));
  EXPECT_TRUE(contains(b, "%plain = add i32 %a, %b\n"
                          "  %nsw = mul nsw i32 %plain, %b\n"
                          "  %nuw = sub nuw i32 %nsw, %a\n"))
      << b;
}

std::unique_ptr<ir::Module> convert_kernel(Opcode op, Type from, Type to) {
  KernelBuilder k("k", {kGlobalPtr, from}, {"out", "x"});
  ir::Instruction* r = k.b.cast(op, k.arg(1), to);
  r->set_name("r");
  k.store_at_tid(k.arg(0), r);
  k.b.ret();
  return std::move(k.module);
}

TEST(IntSemantics, FloatToIntSaturatesAndMapsNanToZero) {
  // The IR's float-to-int conversions are LLVM's saturating ones; NVPTX lowers them to
  // cvt.rzi with explicit clamps and a NaN fix-up.
  auto m = convert_kernel(Opcode::FPToSI, Type::f32(), Type::i32());
  std::string b = body(llvm_of(*m));
  EXPECT_TRUE(contains(b, "%r = call i32 @llvm.fptosi.sat.i32.f32(float %x)\n")) << b;
  std::string ptx = ptx_of(*m);
  EXPECT_EQ(lines_with(ptx, "cvt"), "\tcvt.rzi.s32.f32 \t%r2, %r1;\n") << ptx;
  EXPECT_TRUE(contains(ptx, "setp.nan.f32")) << ptx;
  EXPECT_TRUE(contains(ptx, "selp.b32 \t%r5, 0, ")) << ptx;
  expect_ptxas_accepts(ptx);

  m = convert_kernel(Opcode::FPToUI, Type::f64(), Type::i64());
  b = body(llvm_of(*m));
  EXPECT_TRUE(contains(b, "%r = call i64 @llvm.fptoui.sat.i64.f64(double %x)\n")) << b;
  expect_ptxas_accepts(ptx_of(*m));
}

TEST(IntSemantics, NarrowFloatToIntUsesLlvmSaturatingConversion) {
  auto m = convert_kernel(Opcode::FPToSI, Type::f32(), Type::i8());
  std::string b = body(llvm_of(*m));
  EXPECT_TRUE(contains(b, "%r = call i8 @llvm.fptosi.sat.i8.f32(float %x)\n")) << b;
  expect_ptxas_accepts(ptx_of(*m));
  m = convert_kernel(Opcode::FPToUI, Type::f16(), Type::i32());
  b = body(llvm_of(*m));
  EXPECT_TRUE(contains(b, "%r = call i32 @llvm.fptoui.sat.i32.f16(half %x)\n")) << b;
  expect_ptxas_accepts(ptx_of(*m));
}

}  // namespace
}  // namespace simtc::codegen::test

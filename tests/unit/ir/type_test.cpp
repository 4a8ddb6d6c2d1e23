#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/module.hpp"

namespace simtc::ir {
namespace {

TEST(Type, Spelling) {
  EXPECT_EQ(Type::void_().str(), "void");
  EXPECT_EQ(Type::i1().str(), "i1");
  EXPECT_EQ(Type::i8().str(), "i8");
  EXPECT_EQ(Type::i16().str(), "i16");
  EXPECT_EQ(Type::i32().str(), "i32");
  EXPECT_EQ(Type::i64().str(), "i64");
  EXPECT_EQ(Type::f16().str(), "f16");
  EXPECT_EQ(Type::bf16().str(), "bf16");
  EXPECT_EQ(Type::f32().str(), "f32");
  EXPECT_EQ(Type::f64().str(), "f64");
  EXPECT_EQ(Type::ptr().str(), "ptr");
  EXPECT_EQ(Type::ptr(AddrSpace::Global).str(), "ptr.global");
  EXPECT_EQ(Type::ptr(AddrSpace::Shared).str(), "ptr.shared");
  EXPECT_EQ(Type::ptr(AddrSpace::Const).str(), "ptr.const");
  EXPECT_EQ(Type::ptr(AddrSpace::Local).str(), "ptr.local");
  EXPECT_EQ(Type::vec(Type::f32(), 4).str(), "<4 x f32>");
  EXPECT_EQ(Type::vec(Type::i8(), 3).str(), "<3 x i8>");
}

TEST(Type, SizesAndAlignment) {
  EXPECT_EQ(Type::i1().size_bytes(), 1u);
  EXPECT_EQ(Type::i16().size_bytes(), 2u);
  EXPECT_EQ(Type::f64().size_bytes(), 8u);
  EXPECT_EQ(Type::ptr(AddrSpace::Shared).size_bytes(), 8u);
  EXPECT_EQ(Type::void_().size_bytes(), 0u);
  EXPECT_EQ(Type::vec(Type::f32(), 4).size_bytes(), 16u);
  EXPECT_EQ(Type::vec(Type::f32(), 3).size_bytes(), 16u);
  EXPECT_EQ(Type::vec(Type::f32(), 3).align_bytes(), 16u);
  EXPECT_EQ(Type::vec(Type::f16(), 2).align_bytes(), 4u);
  EXPECT_EQ(Type::i32().align_bytes(), 4u);
  EXPECT_EQ(Type::i1().element_bits(), 1u);
  EXPECT_EQ(Type::bf16().element_bits(), 16u);
  EXPECT_EQ(Type::ptr().element_bits(), 64u);
  EXPECT_EQ(Type::vec(Type::f64(), 2).element_bits(), 64u);
}

TEST(Type, Predicates) {
  Type v = Type::vec(Type::i32(), 4);
  EXPECT_TRUE(v.is_vector());
  EXPECT_TRUE(v.is_int());
  EXPECT_FALSE(v.is_float());
  EXPECT_EQ(v.lanes(), 4u);
  EXPECT_EQ(v.element(), Type::i32());
  EXPECT_TRUE(Type::i1().is_bool());
  EXPECT_FALSE(Type::vec(Type::i1(), 2).is_bool());
  EXPECT_TRUE(Type::bf16().is_float());
  EXPECT_TRUE(Type::ptr(AddrSpace::Global).is_ptr());
  EXPECT_EQ(Type::ptr(AddrSpace::Global).addr_space(), AddrSpace::Global);
  EXPECT_NE(Type::ptr(AddrSpace::Global), Type::ptr());
  EXPECT_NE(Type::vec(Type::f32(), 2), Type::f32());
}

TEST(Type, IntOfBits) {
  EXPECT_EQ(Type::int_of_bits(1), Type::i1());
  EXPECT_EQ(Type::int_of_bits(8), Type::i8());
  EXPECT_EQ(Type::int_of_bits(16), Type::i16());
  EXPECT_EQ(Type::int_of_bits(32), Type::i32());
  EXPECT_EQ(Type::int_of_bits(64), Type::i64());
  EXPECT_EQ(Type::int_of_bits(24), Type::void_());
}

TEST(TypeDeathTest, BadVector) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(Type::vec(Type::f32(), 5),
               "internal compiler error: Type::vec: a vector has 2, 3, 4 or 8 lanes, not 5");
  EXPECT_DEATH(Type::vec(Type::ptr(), 2),
               "Type::vec: the element must be an integer or float scalar, not ptr");
}

TEST(AddrSpace, Names) {
  EXPECT_STREQ(addr_space_name(AddrSpace::Generic), "generic");
  EXPECT_STREQ(addr_space_name(AddrSpace::Global), "global");
  EXPECT_STREQ(addr_space_name(AddrSpace::Shared), "shared");
  EXPECT_STREQ(addr_space_name(AddrSpace::Const), "const");
  EXPECT_STREQ(addr_space_name(AddrSpace::Local), "local");
}

TEST(Constant, IntsAreMaskedAndUniqued) {
  Module m;
  Constant* a = m.get_int(Type::i8(), 0x1ff);
  EXPECT_EQ(a->int_bits(), 0xffu);
  EXPECT_EQ(a->int_value_signed(), -1);
  EXPECT_EQ(m.get_int(Type::i8(), 0xff), a);
  EXPECT_NE(m.get_int(Type::i16(), 0xff), a);
  EXPECT_EQ(m.get_int(Type::i64(), ~0ull)->int_value_signed(), -1);
  EXPECT_EQ(m.get_int(Type::i32(), 0x80000000u)->int_value_signed(), -2147483648ll);
  EXPECT_EQ(m.get_bool(true)->int_bits(), 1u);
  EXPECT_EQ(m.get_bool(true), m.get_int(Type::i1(), 3));
}

TEST(Constant, FloatsUniquedOnBits) {
  Module m;
  Constant* pz = m.get_float(Type::f32(), 0.0);
  Constant* nz = m.get_float(Type::f32(), -0.0);
  EXPECT_NE(pz, nz);
  EXPECT_EQ(m.get_float(Type::f32(), 0.0), pz);
  Constant* nan1 = m.get_float(Type::f64(), std::numeric_limits<double>::quiet_NaN());
  Constant* nan2 = m.get_float(Type::f64(), -std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(nan1, nan2);
  EXPECT_TRUE(std::isnan(nan1->float_value()));
  EXPECT_NE(m.get_float(Type::f64(), 1.5), m.get_float(Type::f32(), 1.5));
  // Values are rounded to the type.
  EXPECT_EQ(m.get_float(Type::f32(), 0.1)->float_value(), static_cast<double>(0.1f));
  EXPECT_EQ(m.get_float(Type::f16(), 1.0 / 3)->float_value(), 0.333251953125);
  EXPECT_EQ(m.get_float(Type::bf16(), 1.0 / 3)->float_value(), 0.333984375);
  EXPECT_TRUE(std::isinf(m.get_float(Type::f16(), 70000.0)->float_value()));
}

TEST(Constant, NullAndUndef) {
  Module m;
  Constant* n = m.get_null(Type::ptr(AddrSpace::Global));
  EXPECT_EQ(n->const_kind(), Constant::ConstKind::Null);
  EXPECT_EQ(n, m.get_null(Type::ptr(AddrSpace::Global)));
  EXPECT_NE(n, m.get_null(Type::ptr()));
  Constant* u = m.get_undef(Type::vec(Type::f32(), 4));
  EXPECT_EQ(u->type(), Type::vec(Type::f32(), 4));
  EXPECT_EQ(u, m.get_undef(Type::vec(Type::f32(), 4)));
}

TEST(Intrinsics, TableAndNames) {
  EXPECT_STREQ(intrinsic_name(IntrinsicId::TidX), "tid.x");
  EXPECT_STREQ(intrinsic_name(IntrinsicId::MulHiU), "int.mulhi.u");
  EXPECT_EQ(intrinsic_from_name("math.sqrt"), IntrinsicId::Sqrt);
  EXPECT_EQ(intrinsic_from_name("math.nope"), std::nullopt);
  EXPECT_EQ(intrinsic_flags(IntrinsicId::Trap), SideEffects | NoReturn);
  EXPECT_EQ(intrinsic_flags(IntrinsicId::Fma), Pure);
}

TEST(Intrinsics, Signatures) {
  const Type f32 = Type::f32(), f64 = Type::f64(), i32 = Type::i32(), i64 = Type::i64();
  using V = std::vector<Type>;
  auto check = [](IntrinsicId id, Type r, V ops) { return check_intrinsic_signature(id, r, ops); };
  EXPECT_EQ(check(IntrinsicId::TidX, i32, {}), "");
  EXPECT_EQ(check(IntrinsicId::TidX, i64, {}), "tid.x takes no operands and returns i32");
  EXPECT_EQ(check(IntrinsicId::WarpSize, i32, {i32}), "warpsize takes no operands and returns i32");
  EXPECT_EQ(check(IntrinsicId::Trap, Type::void_(), {}), "");
  EXPECT_EQ(check(IntrinsicId::Trap, i32, {}), "trap takes no operands and returns void");
  EXPECT_EQ(check(IntrinsicId::Sqrt, f64, {f64}), "");
  EXPECT_EQ(check(IntrinsicId::Sqrt, f32, {f64}),
            "math.sqrt expects one f32 or f64 operand of the result type");
  EXPECT_EQ(check(IntrinsicId::Sqrt, Type::f16(), {Type::f16()}),
            "math.sqrt expects one f32 or f64 operand of the result type");
  EXPECT_EQ(check(IntrinsicId::Pow, f32, {f32, f32}), "");
  EXPECT_EQ(check(IntrinsicId::Pow, f32, {f32}),
            "math.pow expects two f32 or f64 operands of the result type");
  EXPECT_EQ(check(IntrinsicId::Fma, f64, {f64, f64, f64}), "");
  EXPECT_EQ(check(IntrinsicId::Fma, f64, {f64, f32, f64}),
            "math.fma expects three f32 or f64 operands of the result type");
  EXPECT_EQ(check(IntrinsicId::IsNan, Type::i1(), {f32}), "");
  EXPECT_EQ(check(IntrinsicId::IsFinite, f32, {f32}),
            "math.isfinite expects one f32 or f64 operand and returns i1");
  EXPECT_EQ(check(IntrinsicId::Popc, i32, {i64}), "");
  EXPECT_EQ(check(IntrinsicId::Clz, i64, {i64}),
            "int.clz expects one i32 or i64 operand and returns i32");
  EXPECT_EQ(check(IntrinsicId::Brev, i64, {i64}), "");
  EXPECT_EQ(check(IntrinsicId::Abs, i32, {i64}),
            "int.abs expects one i32 or i64 operand of the result type");
  EXPECT_EQ(check(IntrinsicId::UMin, i64, {i64, i64}), "");
  EXPECT_EQ(check(IntrinsicId::MulHiS, Type::i16(), {Type::i16(), Type::i16()}),
            "int.mulhi.s expects two i32 or i64 operands of the result type");
}

TEST(Intrinsics, WgmmaAndClusterSignaturesAndTargets) {
  const Type i1 = Type::i1(), i32 = Type::i32(), i64 = Type::i64(), f32 = Type::f32(), ptr = Type::ptr();
  const Type v = Type::void_();
  using V = std::vector<Type>;
  auto check = [](IntrinsicId id, Type r, V ops) { return check_intrinsic_signature(id, r, ops); };
  EXPECT_EQ(check(IntrinsicId::WgmmaBF16, v, {ptr, i64, i64, i1, i32, i32, i32}), "");
  EXPECT_EQ(check(IntrinsicId::WgmmaF16, v, {ptr, i64, i64, i32, i32, i32, i32}),
            "wgmma.mma_async.f16 expects (ptr acc, i64 desc a, i64 desc b, i1 scale_d, i32 n, i32 tnsp_a, i32 tnsp_b) "
            "and returns void");
  EXPECT_EQ(check(IntrinsicId::WgmmaRsBF16, v, {ptr, Type::vec(i32, 4), i64, i1, i32, i32}), "");
  EXPECT_EQ(check(IntrinsicId::WgmmaRsF16, v, {ptr, Type::vec(i32, 2), i64, i1, i32, i32}),
            "wgmma.mma_async.rs.f16 expects (ptr acc, <4 x i32> a, i64 desc b, i1 scale_d, i32 n, i32 tnsp_b) and "
            "returns void");
  EXPECT_EQ(check(IntrinsicId::WgmmaWait, v, {i32}), "");
  EXPECT_EQ(check(IntrinsicId::WgmmaFenceOperand, v, {ptr, i32}), "");
  EXPECT_EQ(check(IntrinsicId::SharedAddress, i64, {ptr}), "shared.address expects (ptr) and returns i32");
  EXPECT_EQ(check(IntrinsicId::ClusterNctaIdZ, i32, {}), "");
  EXPECT_EQ(check(IntrinsicId::ClusterLoad, f32, {ptr, i32}), "");
  EXPECT_EQ(check(IntrinsicId::ClusterLoad, Type::i16(), {ptr, i32}),
            "cluster.load expects (ptr, i32 rank) and returns i32, i64, f32 or f64");
  EXPECT_EQ(check(IntrinsicId::ClusterStore, v, {ptr, i32, i64}), "");
  // wgmma exists only on sm_90a (not on later arch-specific targets); clusters from sm_90 on.
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::WgmmaF16, "sm_90a"), "");
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::WgmmaF16, "sm_90"), "wgmma.mma_async needs --arch sm_90a (the target is sm_90)");
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::WgmmaFence, "sm_100a"),
            "wgmma.fence needs --arch sm_90a (the target is sm_100a)");
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::ClusterWait, "sm_100"), "");
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::ClusterMapShared, "sm_89"),
            "mapa needs --arch sm_90 or newer (the target is sm_89)");
  EXPECT_EQ(intrinsic_target_error(IntrinsicId::WgmmaFenceOperand, "sm_75"), "");
  EXPECT_EQ(intrinsic_flags(IntrinsicId::ClusterArrive), Convergent | SideEffects | BlockCollective);
  EXPECT_EQ(intrinsic_flags(IntrinsicId::WgmmaBF16), Convergent | SideEffects | WarpCollective);
}

TEST(Opcodes, Table) {
  EXPECT_STREQ(opcode_name(Opcode::Add), "add");
  EXPECT_STREQ(opcode_name(Opcode::AddrSpaceCast), "addrspacecast");
  EXPECT_STREQ(opcode_name(Opcode::PtrAdd), "ptr_add");
  EXPECT_STREQ(opcode_name(Opcode::CondBr), "cond_br");
  EXPECT_STREQ(opcode_name(Opcode::Unreachable), "unreachable");
  EXPECT_STREQ(cmp_pred_name(CmpPred::Ult_f), "ult");
  EXPECT_STREQ(cmp_pred_name(CmpPred::Uno), "uno");
  EXPECT_TRUE(is_terminator(Opcode::Switch));
  EXPECT_FALSE(is_terminator(Opcode::Call));
  EXPECT_TRUE(is_binary(Opcode::FRem));
  EXPECT_FALSE(is_binary(Opcode::FNeg));
  EXPECT_TRUE(is_cast(Opcode::IntToPtr));
  EXPECT_FALSE(is_cast(Opcode::Select));
  EXPECT_FALSE(has_result(Opcode::Store));
  EXPECT_FALSE(has_result(Opcode::MemSet));
  EXPECT_FALSE(has_result(Opcode::Ret));
  EXPECT_TRUE(has_result(Opcode::Call));
}

}  // namespace
}  // namespace simtc::ir

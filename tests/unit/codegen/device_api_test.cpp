// The device API's intrinsics at the IR level: type rules, extern shared memory through the
// printer, parser and verifier, and lowering details that the C++-level lit tests
// (tests/codegen/device_api_*.cpp) do not pin down.
#include "test_util.hpp"

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::codegen::test {
namespace {

using ir::IntrinsicId;
using ir::Opcode;
using ir::Type;

const Type kGlobalPtr = Type::ptr(ir::AddrSpace::Global);

std::string signature_error(IntrinsicId id, Type result, std::vector<Type> operands) {
  return ir::check_intrinsic_signature(id, result, operands);
}

TEST(DeviceApi, SignatureRules) {
  const Type i1 = Type::i1(), i32 = Type::i32(), i64 = Type::i64(), f64 = Type::f64(), ptr = Type::ptr();
  EXPECT_EQ(signature_error(IntrinsicId::BarrierSync, Type::void_(), {}), "");
  EXPECT_EQ(signature_error(IntrinsicId::BarrierPopc, i32, {i1}), "");
  EXPECT_EQ(signature_error(IntrinsicId::BarrierPopc, i1, {i1}), "barrier.popc expects one i1 operand and returns i32");
  EXPECT_EQ(signature_error(IntrinsicId::ShflXor, f64, {i32, f64, i32, i32}), "");
  EXPECT_EQ(signature_error(IntrinsicId::ShflXor, i1, {i32, i1, i32, i32}),
            "warp.shfl.xor expects (i32 mask, T value, i32 lane, i32 width) with T i32, i64, f32 or f64, and "
            "returns T");
  EXPECT_EQ(signature_error(IntrinsicId::AtomicAdd, f64, {ptr, f64, i32, i32}), "");
  EXPECT_EQ(signature_error(IntrinsicId::AtomicAnd, f64, {ptr, f64, i32, i32}),
            "atomic.and expects (ptr, T value, i32 order, i32 scope) and returns T, with T i32 or i64");
  EXPECT_EQ(signature_error(IntrinsicId::AtomicCas, i64, {ptr, i64, i64, i32, i32}), "");
  EXPECT_EQ(signature_error(IntrinsicId::MatchAll, i32, {i32, i64}), "");
  EXPECT_EQ(signature_error(IntrinsicId::MmaF16, Type::vec(Type::f32(), 4),
                            {Type::vec(i32, 4), Type::vec(i32, 2), Type::vec(Type::f32(), 4)}),
            "");
  EXPECT_EQ(signature_error(IntrinsicId::LdMatrixX2, Type::vec(i32, 4), {ptr}),
            "warp.ldmatrix.x2 expects one ptr operand and returns <2 x i32>");
  EXPECT_NE(ir::intrinsic_flags(IntrinsicId::BarrierSync) & ir::Convergent, 0);
  EXPECT_NE(ir::intrinsic_flags(IntrinsicId::ShflIdx) & ir::Convergent, 0);
  EXPECT_NE(ir::intrinsic_flags(IntrinsicId::VoteBallot) & ir::Convergent, 0);
  EXPECT_EQ(ir::intrinsic_flags(IntrinsicId::AtomicAdd) & ir::Convergent, 0);
}

TEST(DeviceApi, ExternSharedGlobalRoundTripsAndVerifies) {
  const std::string text =
      "global @tile : shared, size 1024, align 16\n"
      "global @dyn : shared, extern, align 16\n";
  ir::ParseResult parsed = ir::parse(text);
  ASSERT_TRUE(parsed.module) << parsed.error;
  EXPECT_TRUE(parsed.module->find_global("dyn")->is_extern());
  EXPECT_EQ(parsed.module->find_global("dyn")->size(), 0u);
  EXPECT_EQ(ir::print(*parsed.module), text);
  EXPECT_TRUE(ir::verify(*parsed.module).empty());

  ir::Module m;
  m.create_global("g", ir::AddrSpace::Global, 0, 4)->set_extern(true);
  EXPECT_EQ(ir::format_errors(ir::verify(m)), "error: global @g: only shared memory can be extern\n");
}

// out[tid] = dynamic shared memory[tid] (a float), through the extern global.
TEST(DeviceApi, ExternSharedGlobalIsPtxExternArray) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  ir::Global* dyn = k.module->create_global("dyn", ir::AddrSpace::Shared, 0, 16);
  dyn->set_extern(true);
  ir::Value* base = k.b.cast(Opcode::AddrSpaceCast, dyn, Type::ptr());
  k.store_at_tid(k.arg(0), k.load_at_tid(base, Type::f32()));
  k.b.ret();
  std::string ptx = ptx_of(*k.module);
  EXPECT_TRUE(contains(ptx, ".extern .shared .align 16 .b8 dyn[];")) << ptx;
  EXPECT_TRUE(contains(ptx, "ld.shared.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(DeviceApi, BarriersAndShufflesAreConvergentCalls) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  k.b.intrinsic(IntrinsicId::BarrierSync, Type::void_(), {});
  ir::Value* v = k.b.intrinsic(IntrinsicId::ShflDown, Type::i32(), {k.b.i32(-1), k.tid_x(), k.b.i32(1), k.b.i32(32)});
  k.store_at_tid(k.arg(0), v);
  k.b.ret();
  std::string ll = llvm_of(*k.module);
  // Both call sites carry the same attribute group, and that group is `convergent`.
  const std::string barrier = lines_with(ll, "call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0) #");
  ASSERT_FALSE(barrier.empty()) << ll;
  const std::string group = barrier.substr(barrier.rfind('#'), barrier.size() - 1 - barrier.rfind('#'));
  EXPECT_TRUE(contains(lines_with(ll, "@llvm.nvvm.shfl.sync.down.i32(i32 -1"), ") " + group + "\n")) << ll;
  EXPECT_TRUE(contains(ll, "attributes " + group + " = { convergent }")) << ll;
}

TEST(DeviceApi, SixtyFourBitShuffleIsTwoHalves) {
  KernelBuilder k("k", {kGlobalPtr, kGlobalPtr}, {"out", "in"});
  ir::Value* x = k.load_at_tid(k.arg(1), Type::f64());
  ir::Value* v = k.b.intrinsic(IntrinsicId::ShflIdx, Type::f64(), {k.b.i32(-1), x, k.b.i32(0), k.b.i32(32)});
  k.store_at_tid(k.arg(0), v);
  k.b.ret();
  std::string ptx = ptx_of(*k.module);
  EXPECT_EQ(count(ptx, "shfl.sync.idx.b32"), 2) << ptx;
  expect_ptxas_accepts(ptx);
}

// atomic.add with a memory order that is a run-time value cannot be lowered.
TEST(DeviceApi, MemoryOrderMustBeConstant) {
  KernelBuilder k("k", {kGlobalPtr, Type::i32()}, {"out", "order"});
  ir::Value* p = k.b.cast(Opcode::AddrSpaceCast, k.arg(0), Type::ptr());
  ir::Instruction* add = k.b.intrinsic(IntrinsicId::AtomicAdd, Type::i32(), {p, k.b.i32(1), k.arg(1), k.b.i32(1)});
  add->set_loc(SourceLoc{k.module->files().intern("k.cpp"), 7, 3});
  k.b.ret();
  std::string out;
  DiagnosticSink diags;
  EXPECT_FALSE(emit_ptx(*k.module, {}, out, diags));
  std::ostringstream os;
  diags.print(os, k.module->files());
  EXPECT_EQ(os.str(), "k.cpp:7:3: error: the memory order of 'atomic.add' must be a compile-time constant\n");
}

// Relaxed device-scope updates stay LLVM atomics (atom.global); a seq_cst one is a
// fence.sc followed by atom.acq_rel, both at its scope.
TEST(DeviceApi, AtomicOrderingsAndScopes) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  ir::Value* p = k.b.cast(Opcode::AddrSpaceCast, k.arg(0), Type::ptr());
  k.b.intrinsic(IntrinsicId::AtomicAdd, Type::i32(), {p, k.b.i32(1), k.b.i32(0), k.b.i32(1)});
  ir::Value* q = k.b.ptr_add(p, k.b.i64(8));
  k.b.intrinsic(IntrinsicId::AtomicAdd, Type::i64(), {q, k.b.i64(2), k.b.i32(4), k.b.i32(0)});
  k.b.intrinsic(IntrinsicId::AtomicExch, Type::f32(), {p, k.b.float_const(Type::f32(), 1.5), k.b.i32(2), k.b.i32(2)});
  k.b.ret();
  std::string ptx = ptx_of(*k.module);
  EXPECT_TRUE(contains(ptx, "atom.global.add.u32")) << ptx;
  EXPECT_TRUE(contains(ptx, "fence.sc.cta;\n\tatom.acq_rel.cta.add.u64")) << ptx;
  EXPECT_TRUE(contains(ptx, "atom.release.sys.exch.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

}  // namespace
}  // namespace simtc::codegen::test

namespace simtc::codegen::test {
namespace {

// What only IR input can get wrong about wgmma (the C++ API fixes these in its types): an N
// that is not a multiple of 8, a transpose or a wait count that is not a constant in range,
// each an error at the call; a valid mma is one inline asm that ptxas takes.
std::string wgmma_errors(std::uint32_t n, ir::Value* (*tnsp_b)(KernelBuilder&), std::uint32_t pending) {
  KernelBuilder k("k", {kGlobalPtr, Type::i32()}, {"out", "flag"});
  ir::Value* acc = k.b.alloca_(4 * 128, 4, "acc");
  ir::Value* desc = k.b.i64(0x4000004000010040);
  ir::Instruction* mma = k.b.intrinsic(IntrinsicId::WgmmaBF16, Type::void_(),
                                       {acc, desc, desc, k.b.i1(true), k.b.i32(n), k.b.i32(0), tnsp_b(k)});
  mma->set_loc(SourceLoc{k.module->files().intern("k.cpp"), 7, 3});
  ir::Instruction* wait = k.b.intrinsic(IntrinsicId::WgmmaWait, Type::void_(), {k.b.i32(pending)});
  wait->set_loc(SourceLoc{k.module->files().intern("k.cpp"), 8, 3});
  k.store_at_tid(k.arg(0), k.b.load(Type::f32(), acc, 4));
  k.b.ret();
  TargetOptions options;
  options.arch = "sm_90a";
  std::string out;
  DiagnosticSink diags;
  const bool ok = emit_ptx(*k.module, options, out, diags);
  std::ostringstream os;
  diags.print(os, k.module->files());
  if (ok) {
    EXPECT_EQ(count(out, "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k16.f32.bf16.bf16"), 1) << out;
    expect_ptxas_accepts(out, "sm_90a");
  }
  return os.str();
}

TEST(DeviceApi, WgmmaOperandsFromIr) {
  auto constant_zero = [](KernelBuilder& k) -> ir::Value* { return k.b.i32(0); };
  auto runtime = [](KernelBuilder& k) -> ir::Value* { return k.arg(1); };
  EXPECT_EQ(wgmma_errors(256, constant_zero, 1), "");
  EXPECT_EQ(wgmma_errors(100, constant_zero, 0),
            "k.cpp:7:3: error: the N of wgmma.mma_async m64nNk16 must be a multiple of 8, got 100\n");
  EXPECT_EQ(wgmma_errors(264, constant_zero, 0),
            "k.cpp:7:3: error: the N of 'wgmma.mma_async.bf16' must be in 8..256, got 264\n");
  EXPECT_EQ(wgmma_errors(64, runtime, 0),
            "k.cpp:7:3: error: the tnsp_b of 'wgmma.mma_async.bf16' must be a compile-time constant\n");
  EXPECT_EQ(wgmma_errors(64, constant_zero, 8),
            "k.cpp:8:3: error: the group count of 'wgmma.wait_group' must be in 0..7, got 8\n");
}

}  // namespace
}  // namespace simtc::codegen::test

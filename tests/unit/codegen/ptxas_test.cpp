// run_ptxas, the toolkit paths, and ptxas over PTX from every option combination.
#include "test_util.hpp"

#include <sstream>

namespace simtc::codegen::test {
namespace {

using ir::IntrinsicId;
using ir::Opcode;
using ir::Type;

TEST(Ptxas, MissingPtxasIsNotRun) {
  PtxasResult r = run_ptxas(".version 8.0\n", "sm_90", false, "/nonexistent/bin/ptxas");
  EXPECT_FALSE(r.ran);
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_EQ(r.output, "ptxas not found at '/nonexistent/bin/ptxas'");
}

TEST(Ptxas, DefaultPathsPointIntoTheToolkit) {
  EXPECT_TRUE(default_ptxas_path().ends_with("/bin/ptxas")) << default_ptxas_path();
  EXPECT_TRUE(default_libdevice_path().ends_with("/nvvm/libdevice/libdevice.10.bc"))
      << default_libdevice_path();
}

TEST(Ptxas, ReportsErrors) {
  if (!ptxas_available()) GTEST_SKIP() << "ptxas not available";
  PtxasResult r = run_ptxas(".version 8.0\n.target sm_90\n.address_size 64\n"
                            ".visible .entry k() { bogus.instruction; }\n",
                            "sm_90");
  EXPECT_TRUE(r.ran);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(contains(r.output, "error")) << r.output;
}

TEST(Ptxas, VerboseReportsRegisters) {
  if (!ptxas_available()) GTEST_SKIP() << "ptxas not available";
  KernelBuilder k("k", {Type::ptr(ir::AddrSpace::Global)}, {"out"});
  k.store_at_tid(k.arg(0), k.tid_x());
  k.b.ret();
  PtxasResult r = run_ptxas(ptx_of(*k.module), "sm_90", /*verbose=*/true);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "Compiling entry function 'k' for 'sm_90'")) << r.output;
  EXPECT_TRUE(contains(r.output, "registers")) << r.output;
}

// A kernel that touches most of the lowering: guarded integer ops, shifts, conversions,
// libdevice math, a loop, shared memory and a device function.
std::unique_ptr<ir::Module> kitchen_sink() {
  KernelBuilder k("helper", {Type::f32(), Type::i32()}, {"x", "n"}, false, Type::f32());
  ir::Function* helper = k.fn;
  ir::Value* e = k.b.intrinsic(IntrinsicId::Exp, Type::f32(), {k.arg(0)});
  ir::Value* s = k.b.intrinsic(IntrinsicId::Sin, Type::f32(), {e});
  ir::Value* q = k.b.binary(Opcode::FDiv, s, k.b.cast(Opcode::SIToFP, k.arg(1), Type::f32()));
  k.b.ret(k.b.binary(Opcode::FRem, q, k.arg(0)));

  const Type gp = Type::ptr(ir::AddrSpace::Global);
  k.add_function("sink", {gp, gp, Type::i32(), Type::i32()}, {"out", "in", "a", "b"},
                 Type::void_(), true);
  k.fn->set_param_attrs(1, ir::NoAlias | ir::ReadOnly);
  k.fn->launch_bounds().reqntid = std::array<std::uint32_t, 3>{128, 1, 1};
  ir::Global* tile = k.module->create_global("tile", ir::AddrSpace::Shared, 512, 4);
  ir::Block* entry = k.fn->entry();
  ir::Block* loop = k.module->create_block(k.fn, "loop");
  ir::Block* done = k.module->create_block(k.fn, "done");
  ir::Value* d = k.b.binary(Opcode::SDiv, k.arg(2), k.arg(3));
  ir::Value* r = k.b.binary(Opcode::URem, d, k.arg(3));
  ir::Value* sh = k.b.binary(Opcode::Shl, r, k.arg(3));
  ir::Value* x = k.load_at_tid(k.arg(1), Type::f32());
  ir::Value* h = k.b.call(helper, {x, sh});
  ir::Value* i = k.b.cast(Opcode::FPToSI, h, Type::i32());
  k.b.br(loop);
  k.b.set_insert_point(loop);
  ir::Instruction* n = k.b.phi(Type::i32());
  ir::Value* off = k.b.binary(Opcode::Mul, k.b.cast(Opcode::ZExt, n, Type::i64()), k.b.i64(4));
  k.b.store(n, k.b.ptr_add(tile, off, ir::InBounds), 4);
  ir::Value* next = k.b.binary(Opcode::Add, n, k.b.i32(1));
  k.b.cond_br(k.b.icmp(ir::CmpPred::Ult, next, k.b.i32(128)), loop, done);
  n->add_incoming(i, entry);
  n->add_incoming(next, loop);
  k.b.set_insert_point(done);
  ir::Value* t = k.b.load(Type::i32(), tile, 4);
  k.store_at_tid(k.arg(0), k.b.intrinsic(IntrinsicId::Popc, Type::i32(), {t}));
  k.b.ret();
  return std::move(k.module);
}

TEST(Ptxas, AcceptsPtxForEveryOptionCombination) {
  if (!ptxas_available()) GTEST_SKIP() << "ptxas not available";
  auto m = kitchen_sink();
  for (int level = 0; level <= 3; ++level) {
    for (bool fmad : {false, true}) {
      for (bool fast : {false, true}) {
        for (bool lines : {false, true}) {
          TargetOptions o;
          o.opt_level = level;
          o.fmad = fmad;
          o.fast_math = fast;
          o.line_info = lines;
          // (streamed: GCC 12 warns falsely on "literal" + std::string&&)
          std::ostringstream trace;
          trace << "O" << level << " fmad=" << fmad << " fast_math=" << fast
                << " line_info=" << lines;
          SCOPED_TRACE(trace.str());
          std::string ptx = ptx_of(*m, o);
          EXPECT_TRUE(contains(ptx, ".visible .entry sink(")) << ptx;
          expect_ptxas_accepts(ptx);
        }
      }
    }
  }
}

TEST(Ptxas, AcceptsPtxForOtherArchs) {
  if (!ptxas_available()) GTEST_SKIP() << "ptxas not available";
  auto m = kitchen_sink();
  for (const char* arch : {"sm_80", "sm_86", "sm_89", "sm_90a", "sm_100", "sm_120"}) {
    SCOPED_TRACE(arch);
    TargetOptions o;
    o.arch = arch;
    std::string ptx = ptx_of(*m, o);
    EXPECT_TRUE(contains(ptx, std::string(".target ") + arch + "\n")) << ptx;
    expect_ptxas_accepts(ptx, arch);
  }
}

}  // namespace
}  // namespace simtc::codegen::test

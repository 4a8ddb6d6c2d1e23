// Functions, parameters, launch bounds, globals, memory and control flow in PTX.
#include "test_util.hpp"

#include <thread>

namespace simtc::codegen::test {
namespace {

using ir::AddrSpace;
using ir::Opcode;
using ir::Type;

const Type kGlobalPtr = Type::ptr(AddrSpace::Global);

// saxpy(float a, Slice<const float> x, DisjointSlice<float> y): y[i] = a * x[i] + y[i].
std::unique_ptr<ir::Module> saxpy(std::uint8_t x_attrs, std::uint8_t y_attrs) {
  KernelBuilder k("saxpy", {Type::f32(), kGlobalPtr, Type::i64(), kGlobalPtr, Type::i64()},
                  {"a", "x.data", "x.size", "y.data", "y.size"});
  k.fn->set_param_attrs(1, x_attrs);
  k.fn->set_param_attrs(3, y_attrs);
  ir::Value* x = k.load_at_tid(k.arg(1), Type::f32());
  ir::Value* y = k.load_at_tid(k.arg(3), Type::f32());
  ir::Value* r = k.b.binary(Opcode::FAdd, k.b.binary(Opcode::FMul, k.arg(0), x), y);
  k.store_at_tid(k.arg(3), r);
  k.b.ret();
  return std::move(k.module);
}

TEST(Lowering, KernelIsVisibleEntryWithExactParams) {
  std::string ptx = ptx_of(*saxpy(ir::NoAlias | ir::ReadOnly, ir::NoAlias));
  EXPECT_TRUE(contains(ptx,
                       ".visible .entry saxpy(\n"
                       "\t.param .f32 saxpy_param_0,\n"
                       "\t.param .u64 .ptr .global .align 1 saxpy_param_1,\n"
                       "\t.param .u64 saxpy_param_2,\n"
                       "\t.param .u64 .ptr .global .align 1 saxpy_param_3,\n"
                       "\t.param .u64 saxpy_param_4\n"
                       ")\n"))
      << ptx;
  EXPECT_FALSE(contains(ptx, ".func"));
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, ReadOnlyNoAliasGlobalPointerLoadsThroughNonCoherentCache) {
  std::string ptx = ptx_of(*saxpy(ir::NoAlias | ir::ReadOnly, ir::NoAlias));
  EXPECT_EQ(lines_with(ptx, "ld.global"),
            "\tld.global.nc.b32 \t%r3, [%rd4];\n"
            "\tld.global.b32 \t%r4, [%rd5];\n");
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, WithoutParamAttrsNoNonCoherentLoads) {
  std::string ptx = ptx_of(*saxpy(0, 0));
  EXPECT_EQ(count(ptx, "ld.global.b32"), 2) << ptx;
  EXPECT_FALSE(contains(ptx, "ld.global.nc")) << ptx;
}

TEST(Lowering, ParamAttrsAndNamesReachLlvm) {
  std::string ll = llvm_of(*saxpy(ir::NoAlias | ir::ReadOnly, ir::NoAlias));
  EXPECT_TRUE(contains(ll,
                       "define ptx_kernel void @saxpy(float %a, ptr addrspace(1) noalias readonly "
                       "%x.data, i64 %x.size, ptr addrspace(1) noalias %y.data, i64 %y.size) #0"))
      << ll;
  EXPECT_TRUE(contains(ll, "attributes #0 = { convergent nounwind }")) << ll;
  EXPECT_FALSE(contains(ll, "nvvm.annotations")) << ll;
}

std::unique_ptr<ir::Module> empty_kernel(const ir::LaunchBounds& bounds) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  k.fn->launch_bounds() = bounds;
  k.store_at_tid(k.arg(0), k.tid_x());
  k.b.ret();
  return std::move(k.module);
}

TEST(Lowering, ReqntidDirective) {
  ir::LaunchBounds lb;
  lb.reqntid = std::array<std::uint32_t, 3>{256, 1, 1};
  std::string ptx = ptx_of(*empty_kernel(lb));
  EXPECT_TRUE(contains(ptx, ")\n.reqntid 256, 1, 1\n{")) << ptx;
  EXPECT_FALSE(contains(ptx, ".maxntid"));
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, MaxntidMinBlocksAndMaxRegisters) {
  ir::LaunchBounds lb;
  lb.maxntid = std::array<std::uint32_t, 3>{128, 2, 1};
  lb.min_blocks_per_sm = 4;
  lb.max_registers = 64;
  std::string ptx = ptx_of(*empty_kernel(lb));
  EXPECT_TRUE(contains(ptx, "\n.maxntid 128, 2, 1\n")) << ptx;
  EXPECT_TRUE(contains(ptx, "\n.minnctapersm 4\n")) << ptx;
  EXPECT_TRUE(contains(ptx, "\n.maxnreg 64\n")) << ptx;
  EXPECT_FALSE(contains(ptx, ".reqntid"));
  expect_ptxas_accepts(ptx);
}

// kernel k(out, x) { out[tid] = square(x) } with `square` a device function.
std::unique_ptr<ir::Module> with_device_function() {
  KernelBuilder k("square", {Type::f32()}, {"v"}, /*is_kernel=*/false, Type::f32());
  ir::Function* square = k.fn;
  k.b.ret(k.b.binary(Opcode::FMul, k.arg(0), k.arg(0)));
  k.add_function("k", {kGlobalPtr, Type::f32()}, {"out", "x"}, Type::void_(), true);
  k.store_at_tid(k.arg(0), k.b.call(square, {k.arg(1)}));
  k.b.ret();
  return std::move(k.module);
}

TEST(Lowering, DeviceFunctionIsInlinedAtO3) {
  std::string ptx = ptx_of(*with_device_function());
  EXPECT_TRUE(contains(ptx, ".visible .entry k(")) << ptx;
  EXPECT_FALSE(contains(ptx, ".func")) << ptx;
  EXPECT_FALSE(contains(ptx, "square")) << ptx;
  EXPECT_TRUE(contains(ptx, "mul.f32 \t%r2, %r1, %r1;")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, DeviceFunctionIsInternalFuncAtO0) {
  TargetOptions o0;
  o0.opt_level = 0;
  std::string ptx = ptx_of(*with_device_function(), o0);
  EXPECT_TRUE(contains(ptx, ".func  (.param .b32 func_retval0) square(\n"
                            "\t.param .b32 square_param_0\n)"))
      << ptx;
  EXPECT_FALSE(contains(ptx, ".visible .func")) << ptx;
  EXPECT_TRUE(contains(ptx, "call.uni (retval0), square, (param0);")) << ptx;
  EXPECT_TRUE(contains(ptx, ".visible .entry k(")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, DeviceFunctionsAreInternalAndConvergentInLlvm) {
  std::string ll = llvm_of(*with_device_function());
  EXPECT_TRUE(contains(ll, "define internal float @square(float %v) #0")) << ll;
  EXPECT_TRUE(contains(ll, "define ptx_kernel void @k(ptr addrspace(1) %out, float %x) #0")) << ll;
  EXPECT_TRUE(contains(ll, "attributes #0 = { convergent nounwind }")) << ll;
}

TEST(Lowering, SharedAndConstGlobals) {
  KernelBuilder k("k", {kGlobalPtr}, {"out"});
  ir::Global* tile = k.module->create_global("tile", AddrSpace::Shared, 1024, 16);
  ir::Global* table = k.module->create_global("table", AddrSpace::Const, 8, 4);
  table->set_initializer({1, 0, 0, 0, 2, 0, 0, 0});
  ir::Value* tid = k.tid_x();
  ir::Value* off = k.b.binary(Opcode::Mul, k.b.cast(Opcode::ZExt, tid, Type::i64()), k.b.i64(4));
  k.b.store(tid, k.b.ptr_add(tile, off, ir::InBounds), 4);
  ir::Value* idx = k.b.binary(Opcode::And, off, k.b.i64(4));
  ir::Value* t = k.b.load(Type::i32(), k.b.ptr_add(table, idx, ir::InBounds), 4);
  ir::Value* s = k.b.load(Type::i32(), k.b.ptr_add(tile, k.b.binary(Opcode::Xor, off, k.b.i64(4)),
                                                   ir::InBounds), 4);
  k.store_at_tid(k.arg(0), k.b.binary(Opcode::Add, t, s));
  k.b.ret();
  std::string ptx = ptx_of(*k.module);
  EXPECT_TRUE(contains(ptx, ".shared .align 16 .b8 tile[1024];")) << ptx;
  // LLVM leaves out the trailing zeros of an initializer.
  EXPECT_TRUE(contains(ptx, ".const .align 4 .b8 table[8] = {1, 0, 0, 0, 2};")) << ptx;
  EXPECT_TRUE(contains(ptx, "st.shared.b32")) << ptx;
  EXPECT_TRUE(contains(ptx, "ld.shared.b32")) << ptx;
  EXPECT_TRUE(contains(ptx, "ld.const.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

// Whether some label of `ptx` is the target of a branch that comes after it.
bool has_back_edge(const std::string& ptx) {
  std::size_t at = 0;
  while ((at = ptx.find("\n$L__BB", at)) != std::string::npos) {
    const std::size_t end = ptx.find(':', at);
    if (end == std::string::npos) return false;
    const std::string label = ptx.substr(at + 1, end - at - 1);
    if (ptx.find("bra \t" + label + ";", end) != std::string::npos ||
        ptx.find("bra.uni \t" + label + ";", end) != std::string::npos)
      return true;
    at = end;
  }
  return false;
}

// sum = 0; for (i = 0; i < n; ++i) sum += in[i]; out[tid] = sum, with a phi per loop value.
TEST(Lowering, LoopWithPhis) {
  KernelBuilder k("sum", {kGlobalPtr, kGlobalPtr, Type::i32()}, {"out", "in", "n"});
  ir::Block* entry = k.fn->entry();
  ir::Block* loop = k.module->create_block(k.fn, "loop");
  ir::Block* exit = k.module->create_block(k.fn, "exit");
  k.b.cond_br(k.b.icmp(ir::CmpPred::Sgt, k.arg(2), k.b.i32(0)), loop, exit);
  k.b.set_insert_point(loop);
  ir::Instruction* i = k.b.phi(Type::i32());
  ir::Instruction* sum = k.b.phi(Type::f32());
  ir::Value* addr = k.b.ptr_add(
      k.arg(1), k.b.binary(Opcode::Mul, k.b.cast(Opcode::SExt, i, Type::i64()), k.b.i64(4)));
  ir::Value* next_sum = k.b.binary(Opcode::FAdd, sum, k.b.load(Type::f32(), addr, 4));
  ir::Value* next_i = k.b.binary(Opcode::Add, i, k.b.i32(1));
  k.b.cond_br(k.b.icmp(ir::CmpPred::Slt, next_i, k.arg(2)), loop, exit);
  i->add_incoming(k.b.i32(0), entry);
  i->add_incoming(next_i, loop);
  sum->add_incoming(k.b.float_const(Type::f32(), 0.0), entry);
  sum->add_incoming(next_sum, loop);
  k.b.set_insert_point(exit);
  ir::Instruction* result = k.b.phi(Type::f32());
  result->add_incoming(k.b.float_const(Type::f32(), 0.0), entry);
  result->add_incoming(next_sum, loop);
  k.store_at_tid(k.arg(0), result);
  k.b.ret();
  std::string ll = llvm_of(*k.module);
  EXPECT_TRUE(contains(ll, "phi i32 [ 0, %entry ], [ %"))
      << ll;
  std::string ptx = ptx_of(*k.module);
  // The loop stays a loop: a block that a branch after it returns to (a back edge), whose
  // body adds a loaded element.
  EXPECT_TRUE(has_back_edge(ptx)) << ptx;
  EXPECT_TRUE(contains(ptx, "ld.global.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(Lowering, SwitchAllocaMemcpyAndVectors) {
  KernelBuilder k("k", {kGlobalPtr, Type::i32()}, {"out", "sel"});
  ir::Block* one = k.module->create_block(k.fn, "one");
  ir::Block* other = k.module->create_block(k.fn, "other");
  ir::Block* join = k.module->create_block(k.fn, "join");
  ir::Value* buf = k.b.alloca_(32, 16, "buf");
  k.b.memset_(buf, k.b.int_const(Type::i8(), 0), k.b.i64(32), 16);
  Type v4 = Type::vec(Type::f32(), 4);
  ir::Value* vec = k.b.load(v4, k.arg(0), 16);
  k.b.store(vec, buf, 16);
  k.b.switch_(k.arg(1), other, {{1, one}, {-7, one}});
  k.b.set_insert_point(one);
  k.b.br(join);
  k.b.set_insert_point(other);
  k.b.br(join);
  k.b.set_insert_point(join);
  ir::Instruction* lane = k.b.phi(Type::i32());
  lane->add_incoming(k.b.i32(1), one);
  lane->add_incoming(k.b.i32(3), other);
  // A dynamic index into the stack buffer keeps it in local memory.
  ir::Value* off = k.b.binary(Opcode::Mul, k.b.cast(Opcode::ZExt, lane, Type::i64()), k.b.i64(4));
  ir::Value* x = k.b.load(Type::f32(), k.b.ptr_add(buf, off, ir::InBounds), 4);
  ir::Value* v2 = k.b.insert_element(vec, x, k.b.i32(0));
  k.b.memcpy_(k.b.ptr_add(k.arg(0), k.b.i64(64)), buf, k.b.i64(32), 16);
  k.b.store(v2, k.b.ptr_add(k.arg(0), k.b.i64(32)), 16);
  k.b.ret();
  std::string ll = llvm_of(*k.module);
  EXPECT_TRUE(contains(ll, "%buf = alloca [32 x i8], align 16")) << ll;
  EXPECT_TRUE(contains(ll, "switch i32 %sel, label %other [\n"
                           "    i32 1, label %one\n"
                           "    i32 -7, label %one\n"
                           "  ]"))
      << ll;
  std::string ptx = ptx_of(*k.module);
  EXPECT_TRUE(contains(ptx, "ld.global.v4.b32")) << ptx;
  EXPECT_TRUE(contains(ptx, "st.global.v4.b32")) << ptx;
  expect_ptxas_accepts(ptx);
}

// Blocks are lowered in reverse post-order; an unreachable block (here a predecessor of the
// join's phi) is lowered last, and the function stays valid.
TEST(Lowering, UnreachableBlocksAndOutOfOrderDefinitions) {
  KernelBuilder k("k", {kGlobalPtr, Type::i32()}, {"out", "a"});
  ir::Block* dead = k.module->create_block(k.fn, "dead");
  ir::Block* join = k.module->create_block(k.fn, "join");
  ir::Block* def = k.module->create_block(k.fn, "def");  // listed last, runs second
  k.b.br(def);
  k.b.set_insert_point(def);
  ir::Instruction* twice = k.b.binary(Opcode::Add, k.arg(1), k.arg(1));
  twice->set_name("twice");
  k.b.br(join);
  k.b.set_insert_point(dead);
  k.b.br(join);
  k.b.set_insert_point(join);
  ir::Instruction* phi = k.b.phi(Type::i32());
  phi->add_incoming(k.b.i32(7), dead);
  phi->add_incoming(twice, def);
  k.store_at_tid(k.arg(0), k.b.binary(Opcode::Mul, phi, twice));
  k.b.ret();
  std::string ll = llvm_of(*k.module);
  EXPECT_TRUE(contains(ll, "%0 = phi i32 [ 7, %dead ], [ %twice, %def ]\n"
                           "  %1 = mul i32 %0, %twice\n"))
      << ll;
  std::string ptx = ptx_of(*k.module);
  expect_ptxas_accepts(ptx);
}

// Each compile has its own LLVMContext and target machine: compiles may run in parallel.
TEST(Lowering, ConcurrentCompilesAgree) {
  auto m = saxpy(ir::NoAlias | ir::ReadOnly, ir::NoAlias);
  const std::string expected = ptx_of(*m);
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < results.size(); ++i) {
    threads.emplace_back([&, i] {
      DiagnosticSink diags;
      emit_ptx(*m, {}, results[i], diags);
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::string& r : results) EXPECT_EQ(r, expected);
}

TEST(Lowering, FunctionWithoutBodyIsAnError) {
  ir::Module m;
  m.files().intern("k.cpp");
  ir::Function* fn = m.create_function("k", Type::void_(), {}, {}, true);
  fn->set_loc({0, 3, 1});
  std::string out;
  DiagnosticSink diags;
  EXPECT_FALSE(emit_ptx(m, {}, out, diags));
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].message, "kernel 'k' has no body");
  EXPECT_EQ(diags.diagnostics()[0].loc, (SourceLoc{0, 3, 1}));
}

}  // namespace
}  // namespace simtc::codegen::test

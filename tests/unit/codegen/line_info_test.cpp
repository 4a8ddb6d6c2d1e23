// --line-info: .file/.loc directives from the IR's source locations.
#include "test_util.hpp"

namespace simtc::codegen::test {
namespace {

using ir::Opcode;
using ir::Type;

std::unique_ptr<ir::Module> located_kernel() {
  KernelBuilder k("k", {Type::ptr(ir::AddrSpace::Global), Type::f32()}, {"out", "x"});
  std::uint32_t file = k.module->files().intern("/src/kernels/scale.cpp");
  std::uint32_t header = k.module->files().intern("/src/include/simt/kernel.hpp");
  k.fn->set_loc({file, 10, 1});
  k.b.set_loc({header, 40, 12});
  ir::Value* tid = k.tid_x();
  k.b.set_loc({file, 12, 17});
  ir::Value* y = k.b.binary(Opcode::FMul, k.arg(1), k.arg(1));
  k.b.set_loc({file, 13, 5});
  ir::Value* off = k.b.binary(Opcode::Mul, k.b.cast(Opcode::ZExt, tid, Type::i64()), k.b.i64(4));
  k.b.store(y, k.b.ptr_add(k.arg(0), off, ir::InBounds), 4);
  k.b.set_loc({file, 14, 1});
  k.b.ret();
  return std::move(k.module);
}

TEST(LineInfo, LocDirectivesFromSourceLocations) {
  TargetOptions o;
  o.line_info = true;
  std::string ptx = ptx_of(*located_kernel(), o);
  EXPECT_TRUE(contains(ptx, ".file\t1 \"/src/kernels/scale.cpp\"")) << ptx;
  EXPECT_TRUE(contains(ptx, ".file\t2 \"/src/include/simt/kernel.hpp\"")) << ptx;
  EXPECT_TRUE(contains(ptx, ".loc\t1 12 17")) << ptx;
  EXPECT_TRUE(contains(ptx, ".loc\t1 13 5")) << ptx;
  EXPECT_TRUE(contains(ptx, ".loc\t2 40 12")) << ptx;
  // Line tables only: no DWARF sections but the empty .debug_macinfo NVPTX always closes with.
  EXPECT_EQ(lines_with(ptx, ".section"), "\t.section\t.debug_macinfo\t{\t}\n") << ptx;
  EXPECT_FALSE(contains(ptx, ".debug_info")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(LineInfo, InlinedDeviceFunctionKeepsItsLines) {
  KernelBuilder k("twice", {Type::f32()}, {"v"}, false, Type::f32());
  std::uint32_t file = k.module->files().intern("/src/a.cpp");
  ir::Function* twice = k.fn;
  twice->set_loc({file, 3, 1});
  k.b.set_loc({file, 4, 10});
  k.b.ret(k.b.binary(Opcode::FAdd, k.arg(0), k.arg(0)));
  k.add_function("k", {Type::ptr(ir::AddrSpace::Global), Type::f32()}, {"out", "x"},
                 Type::void_(), true);
  k.fn->set_loc({file, 7, 1});
  k.b.set_loc({file, 8, 3});
  ir::Value* r = k.b.call(twice, {k.arg(1)});
  k.b.store(r, k.arg(0), 4);
  k.b.ret();
  TargetOptions o;
  o.line_info = true;
  std::string ptx = ptx_of(*k.module, o);
  EXPECT_TRUE(contains(ptx, ".loc\t1 4 10")) << ptx;
  EXPECT_FALSE(contains(ptx, ".func")) << ptx;
  expect_ptxas_accepts(ptx);
  o.opt_level = 0;
  ptx = ptx_of(*k.module, o);
  EXPECT_TRUE(contains(ptx, ".loc\t1 4 10")) << ptx;
  EXPECT_TRUE(contains(ptx, ".loc\t1 8 3")) << ptx;
  expect_ptxas_accepts(ptx);
}

TEST(LineInfo, NothingWithoutTheOption) {
  std::string ptx = ptx_of(*located_kernel());
  EXPECT_FALSE(contains(ptx, ".loc")) << ptx;
  EXPECT_FALSE(contains(ptx, ".file")) << ptx;
  std::string ll = llvm_of(*located_kernel());
  EXPECT_FALSE(contains(ll, "!dbg")) << ll;
  EXPECT_FALSE(contains(ll, "DICompileUnit")) << ll;
}

TEST(LineInfo, LlvmDebugMetadataIsDirectivesOnly) {
  TargetOptions o;
  o.line_info = true;
  std::string ll = llvm_of(*located_kernel(), false, o);
  EXPECT_TRUE(contains(ll, "emissionKind: DebugDirectivesOnly")) << ll;
  EXPECT_TRUE(contains(ll, "!DISubprogram(name: \"k\"")) << ll;
  EXPECT_TRUE(contains(ll, "!DILocation(line: 12, column: 17")) << ll;
}

}  // namespace
}  // namespace simtc::codegen::test

#include <gtest/gtest.h>

#include "ir/builder.hpp"
#include "ir/verifier.hpp"
#include "test_util.hpp"

namespace simtc::ir {
namespace {

std::string errors_of(const std::string& text) {
  auto m = test::parse_ok(text);
  return format_errors(verify(*m));
}

TEST(Verifier, AcceptsWellFormedIr) {
  // Uses in unreachable code are not checked for dominance (nothing dominates them).
  EXPECT_EQ(errors_of("kernel @k(i32 %n) {\n"
                      "entry:\n"
                      "  br loop\n"
                      "loop:\n"
                      "  %i = phi i32 [0:i32, entry], [%next, loop]\n"
                      "  %next = add i32 %i, 1:i32\n"
                      "  %c = icmp slt i32 %next, %n\n"
                      "  cond_br %c, loop, exit\n"
                      "exit:\n"
                      "  ret\n"
                      "dead:\n"
                      "  %u = add i32 %u, %late\n"
                      "  %late = add i32 1:i32, 1:i32\n"
                      "  br exit\n"
                      "}\n"),
            "");
}

TEST(Verifier, MissingTerminator) {
  EXPECT_EQ(errors_of("func @f() {\nentry:\n  %0 = add i32 1:i32, 2:i32\n}\n"),
            "error: block does not end in a terminator\n"
            "in function @f, block entry\n");
}

TEST(Verifier, TerminatorInTheMiddleAndPhiAfterCode) {
  EXPECT_EQ(errors_of("func @f() {\n"
                      "entry:\n"
                      "  br next\n"
                      "next:\n"
                      "  %0 = add i32 1:i32, 2:i32\n"
                      "  %1 = phi i32 [7:i32, entry]\n"
                      "  ret\n"
                      "  ret\n"
                      "}\n"),
            "error: phi is not at the start of its block\n"
            "  %1 = phi i32 [7:i32, entry]\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block next\n"
            "error: terminator 'ret' is not the last instruction of its block\n"
            "  ret\n"
            "  ^~~\n"
            "in function @f, block next\n");
}

TEST(Verifier, UseNotDominatedByDefinition) {
  EXPECT_EQ(errors_of("func @f(i1 %c) -> i32 {\n"
                      "entry:\n"
                      "  cond_br %c, a, b\n"
                      "a:\n"
                      "  %x = add i32 1:i32, 2:i32\n"
                      "  br b\n"
                      "b:\n"
                      "  %y = mul i32 %y, 2:i32\n"
                      "  ret %x\n"
                      "}\n"),
            "error: use of %y is not dominated by its definition\n"
            "  %y = mul i32 %y, 2:i32\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block b\n"
            "error: use of %x is not dominated by its definition\n"
            "  ret %x\n"
            "  ^~~~~~\n"
            "in function @f, block b\n");
}

TEST(Verifier, PhiIncomingMismatch) {
  EXPECT_EQ(errors_of("func @f(i1 %c) -> i32 {\n"
                      "entry:\n"
                      "  cond_br %c, a, join\n"
                      "a:\n"
                      "  br join\n"
                      "join:\n"
                      "  %p = phi i32 [1:i32, a], [2:i32, a], [3:i32, join]\n"
                      "  %q = phi i32 [%x, a], [0:i32, entry]\n"
                      "  ret %p\n"
                      "other:\n"
                      "  %x = add i32 1:i32, 1:i32\n"
                      "  ret %x\n"
                      "}\n"),
            "error: phi has two incoming values for 'a'\n"
            "  %p = phi i32 [1:i32, a], [2:i32, a], [3:i32, join]\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block join\n"
            "error: phi has an incoming value for 'join', which is not a predecessor\n"
            "  %p = phi i32 [1:i32, a], [2:i32, a], [3:i32, join]\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block join\n"
            "error: phi has no incoming value for predecessor 'entry'\n"
            "  %p = phi i32 [1:i32, a], [2:i32, a], [3:i32, join]\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block join\n"
            "error: use of %x is not dominated by its definition\n"
            "  %q = phi i32 [%x, a], [0:i32, entry]\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block join\n");
}

TEST(Verifier, WrongOperandTypesFromText) {
  EXPECT_EQ(errors_of("kernel @saxpy(i32 %1, i64 %2) -> i32 {\n"
                      "entry:\n"
                      "  %3 = add i32 %1, %2\n"
                      "  %4 = load f32, %2, align 4\n"
                      "  %5 = icmp olt i32 %1, %1\n"
                      "  %6 = zext i64 %2 to i32\n"
                      "  %7 = intrinsic f32 math.sqrt(%1)\n"
                      "  %8 = phi i32\n"
                      "  ret %2\n"
                      "}\n"),
            "error: kernel must return void, not i32\n"
            "in function @saxpy\n"
            "error: operand type i64 does not match i32 in 'add'\n"
            "  %2 = add i32 %0, %1\n"
            "  ^~~~~~~~~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: 'load' needs a pointer operand, not i64\n"
            "  %3 = load f32, %1, align 4\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: predicate 'olt' is not an integer predicate\n"
            "  %4 = icmp olt i32 %0, %0\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: invalid 'zext' from i64 to i32\n"
            "  %5 = zext i64 %1 to i32\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: math.sqrt expects one f32 or f64 operand of the result type\n"
            "  %6 = intrinsic f32 math.sqrt(%0)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: phi is not at the start of its block\n"
            "  %7 = phi i32\n"
            "  ^~~~~~~~~~~~\n"
            "in function @saxpy, block entry\n"
            "error: return type i64 does not match the function's return type i32\n"
            "  ret %1\n"
            "  ^~~~~~\n"
            "in function @saxpy, block entry\n");
}

TEST(Verifier, CallArgumentMismatch) {
  EXPECT_EQ(errors_of("func @g(f32 %x) -> f32 {\n"
                      "entry:\n"
                      "  ret %x\n"
                      "}\n"
                      "\n"
                      "func @f() {\n"
                      "entry:\n"
                      "  %0 = call f32 @g(1:i32)\n"
                      "  %1 = call f32 @g()\n"
                      "  %2 = call i32 @g(1:f32)\n"
                      "  ret\n"
                      "}\n"),
            "error: argument 0 of call to @g has type i32, expected f32\n"
            "  %0 = call f32 @g(1:i32)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: call to @g passes 0 arguments, expected 1\n"
            "  %1 = call f32 @g()\n"
            "  ^~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: call to @g returns f32, not i32\n"
            "  %2 = call i32 @g(1:f32)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n");
}

TEST(Verifier, EntryPredecessorsAllocaPlacementAndReturns) {
  EXPECT_EQ(errors_of("func @f() -> i32 {\n"
                      "entry:\n"
                      "  br next\n"
                      "next:\n"
                      "  %p = alloca 4, align 4\n"
                      "  cond_br true, entry, last\n"
                      "last:\n"
                      "  ret\n"
                      "}\n"),
            "error: entry block must not have predecessors\n"
            "in function @f, block entry\n"
            "error: alloca is not in the entry block\n"
            "  %p = alloca 4, align 4\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block next\n"
            "error: 'ret' without a value in a function returning i32\n"
            "  ret\n"
            "  ^~~\n"
            "in function @f, block last\n");
}

TEST(Verifier, DirectConstructionErrors) {
  Module m;
  Function* f = m.create_function("f", Type::void_(), {Type::i32()}, {"a"}, false);
  Function* g = m.create_function("g", Type::void_(), {Type::i32()}, {"b"}, false);
  Block* entry = m.create_block(f, "entry");
  Block* empty = m.create_block(f, "empty");
  Block* g_entry = m.create_block(g, "entry");
  // Wrong operand count, an operand of another function, a null operand, a foreign target.
  entry->append(m.create_instruction(Opcode::Add, Type::i32(), {f->param(0)}));
  entry->append(m.create_instruction(Opcode::Mul, Type::i32(), {f->param(0), g->param(0)}));
  entry->append(m.create_instruction(Opcode::FNeg, Type::f32(), {nullptr}));
  Instruction* br = m.create_instruction(Opcode::Br, Type::void_(), {});
  br->set_blocks({g_entry});
  entry->append(br);
  Instruction* ret = m.create_instruction(Opcode::Ret, Type::void_(), {});
  g_entry->append(ret);
  (void)empty;
  EXPECT_EQ(format_errors(verify(*f)),
            "error: 'add' expects 2 operands, got 1\n"
            "  %0 = add i32 %a, <missing>\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: operand 1 of 'mul' is a parameter of another function\n"
            "  %1 = mul i32 %a, %<unknown>\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: operand 0 of 'fneg' is null\n"
            "  %2 = fneg f32 <null>\n"
            "  ^~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: branch target is not a block of this function\n"
            "  br <unknown block>\n"
            "  ^~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: block is empty\n"
            "in function @f, block empty\n");
  EXPECT_EQ(verify(*g).size(), 0u);
}

TEST(Verifier, InstructionsOfOtherFunctionsAndCallsOutsideTheModule) {
  Module m, other;
  Function* f = m.create_function("f", Type::void_(), {}, {}, false);
  Function* h = m.create_function("h", Type::void_(), {}, {}, false);
  Function* stranger = other.create_function("s", Type::void_(), {}, {}, false);
  Builder b(m);
  b.set_insert_point(m.create_block(h, "entry"));
  Instruction* x = b.intrinsic(IntrinsicId::TidX, Type::i32(), {});
  b.ret();
  b.set_insert_point(m.create_block(f, "entry"));
  b.binary(Opcode::Add, x, x);
  b.call(stranger, {});
  b.ret();
  EXPECT_EQ(format_errors(verify(m)),
            "error: operand 0 of 'add' is not an instruction of this function\n"
            "  %0 = add i32 %<unknown>, %<unknown>\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: operand 1 of 'add' is not an instruction of this function\n"
            "  %0 = add i32 %<unknown>, %<unknown>\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n"
            "error: call to @s, which is not in this module\n"
            "  call void @s()\n"
            "  ^~~~~~~~~~~~~~\n"
            "in function @f, block entry\n");
}

// Constant memory the host fills: only in the const space, never with an initializer.
TEST(Verifier, VisibleGlobalsAreUninitialisedConstantMemory) {
  Module m;
  m.create_global("taps", AddrSpace::Const, 16, 4)->set_visible(true);
  EXPECT_EQ(format_errors(verify(m)), "");
  m.create_global("tile", AddrSpace::Shared, 16, 4)->set_visible(true);
  Global* init = m.create_global("table", AddrSpace::Const, 2, 2);
  init->set_visible(true);
  init->set_initializer({1, 2});
  EXPECT_EQ(format_errors(verify(m)),
            "error: global @tile: only constant memory can be visible\n"
            "error: global @table: visible constant memory is filled by the host, not by an initializer\n");
}

TEST(Verifier, ModuleLevelErrors) {
  Module m;
  Global* s = m.create_global("tile", AddrSpace::Shared, 4, 3);
  s->set_initializer({1, 2});
  m.create_function("empty", Type::void_(), {}, {}, false);
  Function* k = m.create_function("k", Type::void_(), {}, {}, true);
  k->launch_bounds().reqntid = {32, 1, 1};
  k->launch_bounds().maxntid = {32, 1, 1};
  Builder b(m);
  b.set_insert_point(m.create_block(k, "entry"));
  b.ret();
  EXPECT_EQ(format_errors(verify(m)),
            "error: global @tile: alignment 3 is not a power of two\n"
            "error: global @tile: initializer has 2 bytes, expected 4\n"
            "error: global @tile: shared memory has no initializer\n"
            "error: function has no blocks\n"
            "in function @empty\n"
            "error: reqntid and maxntid are both set\n"
            "in function @k\n");
  std::vector<VerifierError> errors = verify(m);
  ASSERT_EQ(errors.size(), 5u);
  EXPECT_EQ(errors[3].function, m.find_function("empty"));
  EXPECT_EQ(errors[0].function, nullptr);
}

TEST(Verifier, ErrorRecordsPointAtTheFault) {
  auto m = test::parse_ok("func @f(i32 %a) {\nentry:\n  %s = fadd i32 %a, %a\n  ret\n}\n");
  std::vector<VerifierError> errors = verify(*m);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "'fadd' needs float operands, not i32");
  EXPECT_EQ(errors[0].function, m->functions()[0]);
  EXPECT_EQ(errors[0].block, m->functions()[0]->entry());
  EXPECT_EQ(errors[0].instruction, test::inst_at(*m, 0, 0));
}

TEST(Verifier, InlineAsmOutputsAreAddresses) {
  EXPECT_EQ(errors_of("func @f(i32 %a) {\nentry:\n  inline_asm \"mov.u32 $0, 1;\", \"=r\", outputs 1 (%a)\n  ret\n}\n"),
            "error: output 0 of 'inline_asm' must be an address, not i32\n"
            "  inline_asm \"mov.u32 $0, 1;\", \"=r\", outputs 1 (%a)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n");
  EXPECT_EQ(errors_of("func @f(ptr %p) {\nentry:\n  inline_asm \"\", \"=r\", outputs 2 (%p)\n  ret\n}\n"),
            "error: 'inline_asm' has 2 outputs but 1 operands\n"
            "  inline_asm \"\", \"=r\", outputs 2 (%p)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n");
}

TEST(Verifier, HintedAccessTypes) {
  EXPECT_EQ(errors_of("func @f(ptr %p) {\nentry:\n  %0 = intrinsic <4 x f64> global.load(%p, 1:i32)\n  ret\n}\n"),
            "error: global.load expects (ptr, i32 policy) and returns i32, i64, f32, f64, <2 x i32|i64|f32|f64> or <4 x i32|f32>\n"
            "  %0 = intrinsic <4 x f64> global.load(%p, 1:i32)\n"
            "  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "in function @f, block entry\n");
}

}  // namespace
}  // namespace simtc::ir

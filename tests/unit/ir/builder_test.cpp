#include <gtest/gtest.h>

#include "ir/builder.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::ir {
namespace {

class BuilderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    fn = m.create_function("f", Type::i32(), {Type::i32(), Type::i64(), Type::f32(),
                                              Type::ptr(AddrSpace::Global)},
                           {"a", "b", "x", "p"}, false);
    entry = m.create_block(fn, "entry");
    b.set_insert_point(entry);
  }
  Value* a() { return fn->param(0); }
  Value* i64v() { return fn->param(1); }
  Value* x() { return fn->param(2); }
  Value* p() { return fn->param(3); }

  Module m;
  Builder b{m};
  Function* fn = nullptr;
  Block* entry = nullptr;
};

TEST_F(BuilderTest, CreatesTypedInstructions) {
  Instruction* add = b.binary(Opcode::Add, a(), b.i32(1), NoSignedWrap);
  EXPECT_EQ(add->type(), Type::i32());
  EXPECT_EQ(add->flags(), NoSignedWrap);
  Instruction* cmp = b.icmp(CmpPred::Slt, add, a());
  EXPECT_EQ(cmp->type(), Type::i1());
  EXPECT_EQ(cmp->cmp_pred(), CmpPred::Slt);
  Instruction* ext = b.cast(Opcode::SExt, add, Type::i64());
  Instruction* addr = b.ptr_add(p(), ext, InBounds);
  EXPECT_EQ(addr->type(), Type::ptr(AddrSpace::Global));
  Instruction* ld = b.load(Type::f32(), addr, 4);
  EXPECT_EQ(ld->load_type(), Type::f32());
  EXPECT_EQ(ld->align(), 4u);
  Instruction* tid = b.intrinsic(IntrinsicId::TidX, Type::i32(), {});
  EXPECT_EQ(tid->intrinsic_id(), IntrinsicId::TidX);
  b.ret(add);
  EXPECT_EQ(entry->instructions().size(), 7u);
  EXPECT_EQ(entry->terminator()->opcode(), Opcode::Ret);
  EXPECT_EQ(add->parent(), entry);
  EXPECT_TRUE(verify(*fn).empty());
}

TEST_F(BuilderTest, SetsLocationsOnNewInstructions) {
  b.set_loc(SourceLoc{0, 3, 7});
  Instruction* i = b.binary(Opcode::Mul, a(), a());
  EXPECT_EQ(i->loc(), (SourceLoc{0, 3, 7}));
}

TEST_F(BuilderTest, PhisGoAfterExistingPhis) {
  Block* loop = m.create_block(fn, "loop");
  b.br(loop);
  b.set_insert_point(loop);
  Instruction* first = b.phi(Type::i32());
  Instruction* add = b.binary(Opcode::Add, first, a());
  Instruction* second = b.phi(Type::i32());
  EXPECT_EQ(loop->instructions(), (std::vector<Instruction*>{first, second, add}));
  first->add_incoming(a(), entry);
  first->add_incoming(add, loop);
  EXPECT_EQ(first->blocks().size(), 2u);
  first->remove_incoming(0);
  EXPECT_EQ(first->operand(0), add);
  EXPECT_EQ(first->blocks()[0], loop);
}

TEST_F(BuilderTest, InsertBefore) {
  Instruction* ret = b.ret(a());
  b.set_insert_point_before(ret);
  Instruction* add = b.binary(Opcode::Add, a(), a());
  EXPECT_EQ(entry->instructions(), (std::vector<Instruction*>{add, ret}));
}

TEST_F(BuilderTest, SwitchCasesAreSignExtendedToTheirType) {
  Block* one = m.create_block(fn, "one");
  b.switch_(a(), one, {{0xffffffffll, one}, {5, one}});
  Instruction* sw = entry->terminator();
  EXPECT_EQ(sw->case_values()[0], -1);
  EXPECT_EQ(sw->case_values()[1], 5);
  EXPECT_EQ(sw->blocks().size(), 3u);
}

TEST_F(BuilderTest, CallChecksArguments) {
  Function* g = m.create_function("g", Type::f32(), {Type::f32()}, {}, false);
  Instruction* c = b.call(g, {x()});
  EXPECT_EQ(c->type(), Type::f32());
  EXPECT_EQ(c->callee(), g);
  EXPECT_DEATH(b.call(g, {a()}),
               "internal compiler error: Builder: argument 0 of call to @g has type i32, "
               "expected f32");
  EXPECT_DEATH(b.call(g, {}), "Builder: call to @g passes 0 arguments, expected 1");
}

TEST_F(BuilderTest, TypeMismatchIsAnInternalError) {
  EXPECT_DEATH(b.binary(Opcode::Add, a(), i64v()),
               "internal compiler error: Builder: operand type i64 does not match i32 in 'add'");
  EXPECT_DEATH(b.binary(Opcode::FAdd, a(), a()),
               "Builder: 'fadd' needs float operands, not i32");
  EXPECT_DEATH(b.binary(Opcode::Add, a(), a(), Exact), "Builder: flag 'exact' is not allowed on 'add'");
  EXPECT_DEATH(b.icmp(CmpPred::Olt, a(), a()), "Builder: predicate 'olt' is not an integer predicate");
  EXPECT_DEATH(b.fcmp(CmpPred::Olt, x(), a()), "Builder: operand types f32 and i32 differ in 'fcmp'");
  EXPECT_DEATH(b.cast(Opcode::Trunc, a(), Type::i64()), "Builder: invalid 'trunc' from i32 to i64");
  EXPECT_DEATH(b.cast(Opcode::Add, a(), Type::i64()), "Builder::cast: 'add' is not a cast");
  EXPECT_DEATH(b.select(a(), a(), a()), "Builder: 'select' condition must be i1, not i32");
  EXPECT_DEATH(b.load(Type::f32(), a(), 4), "Builder: 'load' needs a pointer operand, not i32");
  EXPECT_DEATH(b.load(Type::f32(), p(), 3), "Builder: alignment 3 of 'load' is not a power of two");
  EXPECT_DEATH(b.store(x(), a(), 4), "Builder: 'store' needs a pointer operand, not i32");
  EXPECT_DEATH(b.ptr_add(p(), a()), "Builder: 'ptr_add' offset must be i64, not i32");
  EXPECT_DEATH(b.memset_(p(), a(), i64v(), 4), "Builder: 'memset' value must be i8, not i32");
  EXPECT_DEATH(b.intrinsic(IntrinsicId::Sqrt, Type::f32(), {a()}),
               "Builder: math.sqrt expects one f32 or f64 operand of the result type");
  EXPECT_DEATH(b.extract_element(x(), b.i32(0)),
               "Builder: 'extract_element' needs a vector operand, not f32");
  EXPECT_DEATH(b.cond_br(a(), entry, entry), "Builder: 'cond_br' condition must be i1, not i32");
  EXPECT_DEATH(b.ret(x()),
               "Builder: return type f32 does not match the function's return type i32");
  EXPECT_DEATH(b.ret(), "Builder: 'ret' without a value in a function returning i32");
}

TEST_F(BuilderTest, ClosedBlockRejectsAppends) {
  b.ret(a());
  EXPECT_DEATH(b.binary(Opcode::Add, a(), a()),
               "Builder: cannot append 'add' to block entry, which already ends in 'ret'");
}

TEST_F(BuilderTest, NoInsertionPoint) {
  Builder fresh(m);
  EXPECT_DEATH(fresh.ret(), "Builder: no insertion point for 'ret'");
}

TEST_F(BuilderTest, VectorOperations) {
  Type v4 = Type::vec(Type::f32(), 4);
  Instruction* ins = b.insert_element(m.get_undef(v4), x(), b.i32(2));
  EXPECT_EQ(ins->type(), v4);
  Instruction* ext = b.extract_element(ins, b.i32(2));
  EXPECT_EQ(ext->type(), Type::f32());
  EXPECT_DEATH(b.extract_element(ins, b.i32(4)), "Builder: index 4 is out of range for <4 x f32>");
  Instruction* cmp = b.fcmp(CmpPred::Olt, ins, ins);
  EXPECT_EQ(cmp->type(), Type::vec(Type::i1(), 4));
}

TEST(ModuleDeathTest, DuplicateSymbols) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Module m;
  m.create_function("k", Type::void_(), {}, {}, true);
  EXPECT_DEATH(m.create_global("k", AddrSpace::Shared, 4, 4),
               "Module::create_global: the symbol @k is already defined");
  EXPECT_DEATH(m.create_function("k", Type::void_(), {}, {}, true),
               "Module::create_function: the symbol @k is already defined");
}

TEST(Module, FindAndRemove) {
  Module m;
  Function* k = m.create_function("k", Type::void_(), {Type::i32()}, {}, true);
  Function* g = m.create_function("g", Type::void_(), {}, {}, false);
  Global* s = m.create_global("tile", AddrSpace::Shared, 64, 16);
  EXPECT_EQ(m.find_function("g"), g);
  EXPECT_EQ(m.find_global("tile"), s);
  EXPECT_EQ(s->type(), Type::ptr(AddrSpace::Shared));
  EXPECT_EQ(m.find_function("nope"), nullptr);
  EXPECT_EQ(k->param(0)->parent(), k);
  m.remove_function(g);
  EXPECT_EQ(m.functions(), (std::vector<Function*>{k}));
}

TEST(Function, BlockOrderAndRemoval) {
  Module m;
  Function* f = m.create_function("f", Type::void_(), {}, {}, false);
  Block* a = m.create_block(f, "a");
  Block* b = m.create_block(f, "b");
  Block* c = m.create_block(f, "c");
  EXPECT_EQ(f->entry(), a);
  f->move_block_after(a, c);
  EXPECT_EQ(f->blocks(), (std::vector<Block*>{b, c, a}));
  Builder bld(m);
  bld.set_insert_point(b);
  bld.cond_br(m.get_bool(true), c, c);
  EXPECT_EQ(b->successors(), (std::vector<Block*>{c}));
  f->remove_block(a);
  EXPECT_EQ(f->blocks(), (std::vector<Block*>{b, c}));
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(f->remove_block(c),
               "Function::remove_block: block c still has a predecessor \\(b\\)");
}

}  // namespace
}  // namespace simtc::ir

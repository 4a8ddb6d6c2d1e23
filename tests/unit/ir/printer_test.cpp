#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/builder.hpp"
#include "ir/printer.hpp"

namespace simtc::ir {
namespace {

TEST(Printer, SaxpyModule) {
  Module m;
  m.files().intern("examples/saxpy/saxpy.cpp");
  Global* table = m.create_global("table", AddrSpace::Const, 16, 4);
  table->set_initializer({0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40,
                          0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40});
  m.create_global("tile", AddrSpace::Shared, 1024, 16);
  const Type gptr = Type::ptr(AddrSpace::Global);
  Function* k = m.create_function("saxpy", Type::void_(),
                                  {Type::f32(), gptr, Type::i64(), gptr, Type::i64()},
                                  {"a", "x.data", "x.size", "y.data", "y.size"}, true);
  k->launch_bounds().reqntid = {256, 1, 1};
  Block* entry = m.create_block(k, "entry");
  Block* then = m.create_block(k, "then");
  Block* exit = m.create_block(k, "exit");
  Builder b(m);
  b.set_insert_point(entry);
  Instruction* tid = b.intrinsic(IntrinsicId::TidX, Type::i32(), {});
  Instruction* idx = b.cast(Opcode::ZExt, tid, Type::i64());
  Instruction* c = b.icmp(CmpPred::Ult, idx, k->param(2));
  c->set_name("c");
  b.cond_br(c, then, exit);
  b.set_insert_point(then);
  Instruction* off = b.binary(Opcode::Mul, idx, b.i64(4));
  Instruction* addr = b.ptr_add(k->param(1), off, InBounds);
  Instruction* x = b.load(Type::f32(), addr, 4);
  Instruction* ax = b.binary(Opcode::FMul, k->param(0), x);
  b.store(ax, addr, 4);
  b.br(exit);
  b.set_insert_point(exit);
  b.ret();
  EXPECT_EQ(print(m),
            "file 0 \"examples/saxpy/saxpy.cpp\"\n"
            "global @table : const, size 16, align 4 = bytes \"0000803f000000400000404000008040\"\n"
            "global @tile : shared, size 1024, align 16\n"
            "\n"
            "kernel @saxpy(f32 %a, ptr.global %x.data, i64 %x.size, ptr.global %y.data, "
            "i64 %y.size) reqntid(256, 1, 1) {\n"
            "entry:\n"
            "  %0 = intrinsic i32 tid.x()\n"
            "  %1 = zext i32 %0 to i64\n"
            "  %c = icmp ult i64 %1, %x.size\n"
            "  cond_br %c, then, exit\n"
            "then:\n"
            "  %2 = mul i64 %1, 4:i64\n"
            "  %3 = ptr_add inbounds %x.data, %2\n"
            "  %4 = load f32, %3, align 4\n"
            "  %5 = fmul f32 %a, %4\n"
            "  store %5, %3, align 4\n"
            "  br exit\n"
            "exit:\n"
            "  ret\n"
            "}\n");
}

TEST(Printer, EveryInstructionForm) {
  Module m;
  Function* other = m.create_function("other", Type::f32(), {Type::f32()}, {}, false);
  const Type v4 = Type::vec(Type::f32(), 4);
  Function* f = m.create_function("helper", Type::f32(),
                                  {Type::f32(), Type::i1(), Type::i32(), v4, Type::i64()},
                                  {"x", "flag", "k", "vec", ""}, false);
  Block* entry = m.create_block(f, "entry");
  Block* one = m.create_block(f, "one");
  Block* five = m.create_block(f, "five");
  Block* dflt = m.create_block(f, "");
  Builder b(m);
  b.set_insert_point(entry);
  Instruction* sel = b.select(f->param(1), f->param(0), b.float_const(Type::f32(), 2.5));
  Instruction* call = b.call(other, {sel});
  Instruction* p = b.alloca_(16, 8, "p");
  b.memcpy_(p, p, b.i64(16), 8);
  b.memset_(p, b.int_const(Type::i8(), 0), b.i64(16), 8);
  Instruction* e = b.extract_element(f->param(3), b.i32(2));
  b.insert_element(f->param(3), e, b.i32(0));
  b.fcmp(CmpPred::Olt, f->param(0), b.float_const(Type::f32(), 0.0));
  b.fcmp(CmpPred::Ult_f, f->param(0), f->param(0));
  b.fneg(f->param(0));
  b.cast(Opcode::Trunc, f->param(4), Type::i32());
  b.binary(Opcode::Add, f->param(2), b.i32(0xffffffff), NoSignedWrap | NoUnsignedWrap);
  b.binary(Opcode::UDiv, f->param(2), b.i32(3), Exact);
  Instruction* v = b.load(Type::f32(), p, 4, Volatile);
  b.store(v, p, 4, Volatile);
  b.intrinsic(IntrinsicId::Trap, Type::void_(), {});
  b.switch_(f->param(2), dflt, {{1, one}, {5, five}});
  b.set_insert_point(one);
  b.br(dflt);
  b.set_insert_point(five);
  b.br(dflt);
  b.set_insert_point(dflt);
  Instruction* phi = b.phi(Type::f32());
  phi->add_incoming(call, entry);
  phi->add_incoming(b.float_const(Type::f32(), 7), one);
  phi->add_incoming(m.get_undef(Type::f32()), five);
  b.ret(phi);
  EXPECT_EQ(print(*f),
            "func @helper(f32 %x, i1 %flag, i32 %k, <4 x f32> %vec, i64 %0) -> f32 {\n"
            "entry:\n"
            "  %1 = select f32 %flag, %x, 2.5:f32\n"
            "  %2 = call f32 @other(%1)\n"
            "  %p = alloca 16, align 8\n"
            "  memcpy %p, %p, 16:i64, align 8\n"
            "  memset %p, 0:i8, 16:i64, align 8\n"
            "  %3 = extract_element f32 %vec, 2:i32\n"
            "  %4 = insert_element <4 x f32> %vec, %3, 0:i32\n"
            "  %5 = fcmp olt f32 %x, 0:f32\n"
            "  %6 = fcmp ult f32 %x, %x\n"
            "  %7 = fneg f32 %x\n"
            "  %8 = trunc i64 %0 to i32\n"
            "  %9 = add nsw nuw i32 %k, -1:i32\n"
            "  %10 = udiv exact i32 %k, 3:i32\n"
            "  %11 = load volatile f32, %p, align 4\n"
            "  store volatile %11, %p, align 4\n"
            "  intrinsic void trap()\n"
            "  switch %k, bb3 [1:i32, one], [5:i32, five]\n"
            "one:\n"
            "  br bb3\n"
            "five:\n"
            "  br bb3\n"
            "bb3:\n"
            "  %12 = phi f32 [%2, entry], [7:f32, one], [undef:f32, five]\n"
            "  ret %12\n"
            "}\n");
}

TEST(Printer, ConstantSpellings) {
  Module m;
  Function* f = m.create_function("f", Type::void_(), {}, {}, false);
  NameMap names(*f);
  auto s = [&](Value* v) { return names.value(v); };
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(s(m.get_int(Type::i32(), 0xffffffff)), "-1:i32");
  EXPECT_EQ(s(m.get_int(Type::i64(), 1ull << 63)), "-9223372036854775808:i64");
  EXPECT_EQ(s(m.get_int(Type::i8(), 200)), "-56:i8");
  EXPECT_EQ(s(m.get_bool(true)), "true");
  EXPECT_EQ(s(m.get_bool(false)), "false");
  EXPECT_EQ(s(m.get_float(Type::f32(), 0.1)), "0.1:f32");
  EXPECT_EQ(s(m.get_float(Type::f64(), 0.1)), "0.1:f64");
  EXPECT_EQ(s(m.get_float(Type::f64(), 1e30)), "1e+30:f64");
  EXPECT_EQ(s(m.get_float(Type::f32(), -0.0)), "-0:f32");
  EXPECT_EQ(s(m.get_float(Type::f32(), inf)), "inf:f32");
  EXPECT_EQ(s(m.get_float(Type::f32(), -inf)), "-inf:f32");
  EXPECT_EQ(s(m.get_float(Type::f32(), std::nan(""))), "nan:f32");
  EXPECT_EQ(s(m.get_float(Type::f16(), 0.1)), "0.1:f16");
  EXPECT_EQ(s(m.get_float(Type::f16(), 1.0 / 3)), "0.3333:f16");
  EXPECT_EQ(s(m.get_float(Type::bf16(), 1.0 / 3)), "0.334:bf16");
  EXPECT_EQ(s(m.get_float(Type::f16(), 65504)), "65500:f16");
  EXPECT_EQ(s(m.get_null(Type::ptr(AddrSpace::Global))), "null:ptr.global");
  EXPECT_EQ(s(m.get_undef(Type::vec(Type::i32(), 2))), "undef:<2 x i32>");
  EXPECT_EQ(s(m.create_global("g", AddrSpace::Shared, 4, 4)), "@g");
  EXPECT_EQ(s(m.create_global("odd name", AddrSpace::Shared, 4, 4)), "@\"odd name\"");
  EXPECT_EQ(s(nullptr), "<null>");
}

TEST(Printer, NamesAreSanitizedAndUnique) {
  Module m;
  Function* f = m.create_function("f", Type::void_(), {Type::i32(), Type::i32(), Type::i32()},
                                  {"a", "a", "3"}, false);
  Block* b1 = m.create_block(f, "loop body");
  Block* b2 = m.create_block(f, "loop body");
  Builder b(m);
  b.set_insert_point(b1);
  Instruction* s = b.binary(Opcode::Add, f->param(0), f->param(1));
  s->set_name("a.1");
  Instruction* t = b.binary(Opcode::Add, s, s);
  t->set_name("x-y");
  b.br(b2);
  b.set_insert_point(b2);
  b.ret();
  EXPECT_EQ(print(*f),
            "func @f(i32 %a, i32 %a.1, i32 %_3) {\n"
            "loop_body:\n"
            "  %a.1.1 = add i32 %a, %a.1\n"
            "  %x_y = add i32 %a.1.1, %a.1.1\n"
            "  br loop_body.1\n"
            "loop_body.1:\n"
            "  ret\n"
            "}\n");
}

TEST(Printer, LaunchBoundsAndLocations) {
  Module m;
  m.files().intern("k.cpp");
  Function* k = m.create_function("k", Type::void_(), {}, {}, true);
  k->launch_bounds().maxntid = {128, 2, 1};
  k->launch_bounds().min_blocks_per_sm = 4;
  k->launch_bounds().max_registers = 64;
  Builder b(m);
  b.set_insert_point(m.create_block(k, "entry"));
  b.set_loc(SourceLoc{0, 12, 5});
  b.intrinsic(IntrinsicId::LaneId, Type::i32(), {});
  b.set_loc(SourceLoc{});
  b.ret();
  PrintOptions with_locs;
  with_locs.locations = true;
  EXPECT_EQ(print(m, with_locs),
            "file 0 \"k.cpp\"\n"
            "\n"
            "kernel @k() maxntid(128, 2, 1) minctasm(4) maxnreg(64) {\n"
            "entry:\n"
            "  %0 = intrinsic i32 laneid()  ; k.cpp:12:5\n"
            "  ret\n"
            "}\n");
  EXPECT_EQ(print(*k, with_locs),
            "kernel @k() maxntid(128, 2, 1) minctasm(4) maxnreg(64) {\n"
            "entry:\n"
            "  %0 = intrinsic i32 laneid()  ; file#0:12:5\n"
            "  ret\n"
            "}\n");
}

TEST(Printer, FunctionsAreSeparatedByOneBlankLine) {
  Module m;
  for (const char* name : {"a", "b"}) {
    Function* f = m.create_function(name, Type::void_(), {}, {}, false);
    Builder b(m);
    b.set_insert_point(m.create_block(f, "entry"));
    b.ret();
  }
  EXPECT_EQ(print(m), "func @a() {\nentry:\n  ret\n}\n\nfunc @b() {\nentry:\n  ret\n}\n");
}

TEST(Printer, InstructionAlone) {
  Module m;
  Function* f = m.create_function("f", Type::void_(), {Type::i32()}, {"n"}, false);
  Builder b(m);
  b.set_insert_point(m.create_block(f, "entry"));
  Instruction* i = b.binary(Opcode::Shl, f->param(0), b.i32(2));
  EXPECT_EQ(print_instruction(*i, NameMap(*f)), "%0 = shl i32 %n, 2:i32");
  NameMap names(*f);
  EXPECT_EQ(names.block(f->entry()), "entry");
  EXPECT_EQ(names.value(i), "%0");
  EXPECT_EQ(names.value(f->param(0)), "%n");
}

}  // namespace
}  // namespace simtc::ir

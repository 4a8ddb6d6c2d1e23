#include <gtest/gtest.h>

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "test_util.hpp"

namespace simtc::ir {
namespace {

// Everything the printer can produce, in the printer's own layout.
const char* const kVaried = R"(file 0 "examples/saxpy/saxpy.cpp"
file 1 "include/simt/\"quoted\".hpp"
global @table : const, size 16, align 4 = bytes "0000803f000000400000404000008040"
global @tile : shared, size 1024, align 16
global @_ZN7filters4tapsE : const, size 64, align 4, visible
global @"odd name" : global, size 8, align 8

kernel @saxpy(f32 %a, ptr.global noalias readonly %x.data, i64 %x.size, ptr.global noalias %y.data, i64 %y.size) reqntid(256, 1, 1) {
entry:
  %0 = intrinsic i32 tid.x()
  %1 = zext i32 %0 to i64
  %c = icmp ult i64 %1, %x.size
  cond_br %c, then, exit
then:
  %2 = mul i64 %1, 4:i64
  %3 = ptr_add inbounds %x.data, %2
  %4 = load f32, %3, align 4
  %5 = fmul f32 %a, %4
  %6 = call f32 @helper(%5, true)
  store %6, %3, align 4
  br exit
exit:
  ret
}

func @helper(f32 %x, i1 %flag) -> f32 {
entry:
  %0 = select f32 %flag, %x, 2.5:f32
  %p = alloca 16, align 8
  memcpy %p, %p, 16:i64, align 8
  memset %p, 0:i8, 16:i64, align 8
  %1 = load volatile <4 x f32>, %p, align 16
  %e = extract_element f32 %1, 2:i32
  %w = insert_element <4 x f32> %1, %e, 0:i32
  store volatile %w, %p, align 16
  %z = fcmp olt f32 %x, 0:f32
  %2 = fcmp ult f32 %x, -0:f32
  %3 = fcmp uno f32 %x, nan:f32
  %n = fneg f32 %x
  %4 = fadd f32 %n, inf:f32
  %5 = fsub f32 %4, -inf:f32
  %6 = fpext f32 %5 to f64
  %7 = fmul f64 %6, 1e+30:f64
  %8 = fptrunc f64 %7 to f16
  %9 = fpext f16 %8 to f32
  %10 = fptrunc f32 %9 to bf16
  %11 = bitcast bf16 %10 to i16
  %12 = sext i16 %11 to i32
  %13 = fptosi f32 %x to i32
  %14 = fptoui f32 %x to i64
  %15 = sitofp i32 %13 to f32
  %16 = uitofp i64 %14 to f64
  %17 = addrspacecast ptr %p to ptr.local
  %18 = ptrtoint ptr.local %17 to i64
  %19 = inttoptr i64 %18 to ptr.global
  %20 = ptr_add %19, -8:i64
  %21 = add nsw nuw i32 %12, -2147483648:i32
  %22 = udiv exact i32 %21, 3:i32
  %23 = ashr exact i32 %22, 31:i32
  %24 = intrinsic f32 math.fma(%x, %x, %15)
  %25 = intrinsic i1 math.isnan(%24)
  %26 = icmp eq ptr.global %19, null:ptr.global
  %27 = select <4 x f32> %26, undef:<4 x f32>, %w
  switch %23, default [1:i32, one], [-5:i32, five]
one:
  %28 = phi f32 [%24, entry], [%29, five]
  br default
five:
  %29 = fadd f32 %x, 0.1:f32
  br one
default:
  %30 = phi f32 [%x, entry], [%28, one]
  ret %30
}

func @fwd(ptr.global %base, i32 %n) -> i32 {
entry:
  br header
body:
  %next = add i32 %i, 1:i32
  %q = ptr_add %p2, 8:i64
  store %next, %q, align 4
  br header
header:
  %i = phi i32 [0:i32, entry], [%next, body]
  %p2 = ptr_add %base, 0:i64
  %c = icmp slt i32 %i, %n
  cond_br %c, body, exit
exit:
  intrinsic void trap()
  unreachable
}

kernel @bounds() maxntid(128, 2, 1) minctasm(4) maxnreg(64) {
entry:
  ret
}
)";

TEST(Parser, RoundTripIsIdentical) {
  ParseResult r = parse(kVaried);
  ASSERT_EQ(r.error, "");
  ASSERT_TRUE(r.module);
  EXPECT_EQ(print(*r.module), kVaried);
}

TEST(Parser, ParsedModuleHasTheRightStructure) {
  auto m = test::parse_ok(kVaried);
  ASSERT_EQ(m->functions().size(), 4u);
  EXPECT_EQ(m->files().path(1), "include/simt/\"quoted\".hpp");
  Function* saxpy = m->functions()[0];
  EXPECT_TRUE(saxpy->is_kernel());
  EXPECT_EQ(saxpy->param(1)->name(), "x.data");
  EXPECT_EQ(saxpy->param_attrs(0), 0);
  EXPECT_EQ(saxpy->param_attrs(1), NoAlias | ReadOnly);
  EXPECT_EQ(saxpy->param_attrs(3), NoAlias);
  EXPECT_EQ(saxpy->launch_bounds().reqntid, (std::array<std::uint32_t, 3>{256, 1, 1}));
  Instruction* call = saxpy->blocks()[1]->instructions()[4];
  EXPECT_EQ(call->callee(), m->functions()[1]);
  EXPECT_EQ(call->name(), "");  // numbered values are unnamed
  Function* fwd = m->functions()[2];
  Instruction* q = fwd->blocks()[1]->instructions()[1];
  EXPECT_EQ(q->type(), Type::ptr(AddrSpace::Global));  // from a forward reference
  EXPECT_EQ(q->operand(0), fwd->blocks()[2]->instructions()[1]);
  EXPECT_EQ(m->find_global("table")->initializer().size(), 16u);
  EXPECT_EQ(m->find_global("odd name")->addr_space(), AddrSpace::Global);
  EXPECT_EQ(format_errors(verify(*m)), "");
}

TEST(Parser, CommentsAndLocationsAreIgnored) {
  auto m = test::parse_ok(
      "; a module\n"
      "func @f(i32 %n) -> i32 {   ; header\n"
      "entry:\n"
      "  %sum = add i32 %n, %n  ; f.cpp:3:4\n"
      "\n"
      "  ret %sum\n"
      "}\n");
  EXPECT_EQ(print(*m), "func @f(i32 %n) -> i32 {\nentry:\n  %sum = add i32 %n, %n\n  ret %sum\n}\n");
}

TEST(Parser, NumbersAreRenumbered) {
  auto m = test::parse_ok(
      "func @f(i32 %7) -> i32 {\nb:\n  %3 = add i32 %7, 1:i32\n  ret %3\n}\n");
  EXPECT_EQ(print(*m), "func @f(i32 %0) -> i32 {\nb:\n  %1 = add i32 %0, 1:i32\n  ret %1\n}\n");
}

TEST(Parser, AcceptsIllTypedIrForTheVerifier) {
  auto m = test::parse_ok(
      "func @f(i32 %a, i64 %b) -> i32 {\nentry:\n  %s = add i32 %a, %b\n  ret %s\n}\n");
  EXPECT_EQ(print(*m), "func @f(i32 %a, i64 %b) -> i32 {\nentry:\n  %s = add i32 %a, %b\n  ret %s\n}\n");
}

// A compare whose result type is not the one its operands give (the verifier rejects it) prints
// that type, so print -> parse -> print is the identity and the verifier sees the same error.
TEST(Parser, MistypedCompareRoundTrips) {
  const std::string text =
      "func @f(<2 x f32> %v, f32 %x, i32 %n) {\n"
      "entry:\n"
      "  %a = fcmp olt f32 %v, %v\n"
      "  %b = fcmp olt <2 x f32> %x, %x\n"
      "  %c = icmp eq <2 x i32> %n, %n\n"
      "  ret\n"
      "}\n";
  const std::string printed =
      "func @f(<2 x f32> %v, f32 %x, i32 %n) {\n"
      "entry:\n"
      "  %a = fcmp olt <2 x f32> %v, %v -> i1\n"
      "  %b = fcmp olt f32 %x, %x -> <2 x i1>\n"
      "  %c = icmp eq i32 %n, %n -> <2 x i1>\n"
      "  ret\n"
      "}\n";
  auto m = test::parse_ok(text);
  EXPECT_EQ(print(*m), printed);
  const std::string errors = format_errors(verify(*m));
  EXPECT_NE(errors.find("error: 'fcmp' returns <2 x i1>, not i1\n"), std::string::npos) << errors;
  EXPECT_NE(errors.find("error: 'fcmp' returns i1, not <2 x i1>\n"), std::string::npos) << errors;
  auto again = test::parse_ok(printed);
  EXPECT_EQ(print(*again), printed);
  EXPECT_EQ(format_errors(verify(*again)), errors);
}

struct ErrorCase {
  const char* text;
  const char* error;
};

class ParseErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ParseErrors, ReportLineAndColumn) {
  ParseResult r = parse(GetParam().text);
  EXPECT_EQ(r.module, nullptr);
  EXPECT_EQ(r.error, GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Parser, ParseErrors,
    ::testing::Values(
        ErrorCase{"func @f() {\nentry:\n  ret # \n}\n", "3:7: unexpected character '#'"},
        ErrorCase{"fun @f() {\n}\n", "1:1: expected 'file', 'global', 'kernel' or 'func'"},
        ErrorCase{"func @f(i7 %x) {\n}\n", "1:9: unknown type 'i7'"},
        ErrorCase{"func @f() {\nentry:\n  frob\n}\n", "3:3: unknown instruction 'frob'"},
        ErrorCase{"func @f() {\nentry:\n  %a = add i32 %b, 1:i32\n  ret\n}\n",
                  "3:16: undefined value '%b'"},
        ErrorCase{"func @f() {\nentry:\n  br nowhere\n}\n", "3:6: undefined block 'nowhere'"},
        ErrorCase{"func @f() {\nentry:\n  call void @g()\n  ret\n}\n",
                  "3:13: undefined function '@g'"},
        ErrorCase{"func @f() {\nentry:\n  store 1:i32, @g, align 4\n  ret\n}\n",
                  "3:16: undefined global '@g'"},
        ErrorCase{"func @f(i32 %x) {\nentry:\n  %x = add i32 %x, %x\n  ret\n}\n",
                  "3:3: redefinition of '%x'"},
        ErrorCase{"func @f() {\na:\n  ret\na:\n  ret\n}\n", "4:1: redefinition of block 'a'"},
        ErrorCase{"func @f() {\n}\nfunc @f() {\n}\n", "3:6: redefinition of '@f'"},
        ErrorCase{"func @f() {\nentry:\n  %a = add i8 300:i8, 1:i8\n  ret\n}\n",
                  "3:15: integer constant 300 does not fit in i8"},
        ErrorCase{"func @f() {\nentry:\n  %a = fadd f32 1e50:f32, 1:f32\n  ret\n}\n",
                  "3:17: invalid float constant '1e50' for f32"},
        ErrorCase{"func @f() {\nentry:\n  %a = icmp lt i32 1:i32, 2:i32\n  ret\n}\n",
                  "3:13: unknown predicate 'lt'"},
        ErrorCase{"func @f() {\nentry:\n  %a = intrinsic i32 tid.w()\n  ret\n}\n",
                  "3:22: unknown intrinsic 'tid.w'"},
        ErrorCase{"func @f() {\nentry:\n  %a = store 1:i32, null:ptr, align 4\n  ret\n}\n",
                  "3:3: 'store' does not produce a value"},
        ErrorCase{"func @f() {\nentry:\n  %a = add i32 1:i32 2:i32\n  ret\n}\n",
                  "3:22: expected ','"},
        ErrorCase{"func @f() {\n  ret\n}\n", "2:3: expected a block label"},
        ErrorCase{"func @f() {\nentry:\n  ret\n", "4:1: expected '}' at the end of @f"},
        ErrorCase{"global @g : shared, size 2, align 2 = bytes \"00\"\n",
                  "1:45: initializer has 1 bytes, expected 2"},
        ErrorCase{"global @g : const, size 4, align 4, hidden\n", "1:37: expected 'visible'"},
        ErrorCase{"file 1 \"a.cpp\"\n", "1:6: expected file number 0"},
        ErrorCase{"file 0 \"a.cpp\n", "1:8: unterminated string"},
        ErrorCase{"func @f() {\nentry:\n  %a = load <5 x f32>, null:ptr, align 4\n  ret\n}\n",
                  "3:13: invalid vector type"},
        ErrorCase{"func @f() {\nentry:\n  ret 1:i32 2:i32\n}\n", "3:13: expected end of line"}));

// Inline PTX and cache-hinted accesses: the template and constraints as quoted strings (with
// their escapes), the outputs' count, then the operands.
TEST(Parser, InlineAsmAndHintedAccessesRoundTrip) {
  const std::string text =
      "kernel @k(ptr.global %p, f32 %v) {\n"
      "entry:\n"
      "  %x = alloca 4, align 4\n"
      "  inline_asm volatile \"mov.u32 $0, %laneid;\\n\tadd.u32 $0, $0, $1;\", \"=r,r,~{memory}\", outputs 1 (%x, 3:i32)\n"
      "  inline_asm \"st.global.f32 [$0], $1;\", \"l,f\", outputs 0 (%p, %v)\n"
      "  %0 = intrinsic <4 x f32> global.load(%p, 4:i32)\n"
      "  intrinsic void global.store(%p, %0, 1:i32)\n"
      "  ret\n"
      "}\n";
  auto m = test::parse_ok(text);
  EXPECT_EQ(print(*m), text);
  EXPECT_EQ(format_errors(verify(*m)), "");
  const Instruction* a = m->functions()[0]->blocks()[0]->instructions()[1];
  EXPECT_EQ(a->opcode(), Opcode::InlineAsm);
  EXPECT_EQ(a->asm_text(), "mov.u32 $0, %laneid;\n\tadd.u32 $0, $0, $1;");
  EXPECT_EQ(a->asm_constraints(), "=r,r,~{memory}");
  EXPECT_EQ(a->asm_outputs(), 1u);
  EXPECT_EQ(a->flags(), Volatile);
}

}  // namespace
}  // namespace simtc::ir

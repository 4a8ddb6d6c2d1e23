// AddressAlignmentPass on LLVM IR: which alignment tests it folds to 0 and, adversarially,
// which it must leave: an offset of the wrong multiple, a parameter without `align`, a phi
// whose step breaks the alignment, a mask wider than what is known.
#include <gtest/gtest.h>

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>

#include <string>

#include "codegen/passes.hpp"

namespace simtc::codegen::test {
namespace {

// The function @f of `body` after the pass: how many `and` instructions are left.
int ands_left(const std::string& body) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  const std::string text = "target triple = \"nvptx64-nvidia-cuda\"\n"
                           "@s = internal addrspace(3) global [4096 x i8] undef, align 16\n" +
                           body;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(text, error, context);
  if (m == nullptr) {
    ADD_FAILURE() << error.getMessage().str();
    return -1;
  }
  llvm::FunctionAnalysisManager fam;
  llvm::PassBuilder pb;
  pb.registerFunctionAnalyses(fam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(detail::AddressAlignmentPass());
  llvm::Function* f = m->getFunction("f");
  fpm.run(*f, fam);
  int ands = 0;
  for (llvm::BasicBlock& bb : *f)
    for (llvm::Instruction& inst : bb) ands += inst.getOpcode() == llvm::Instruction::And;
  return ands;
}

// `(p + offset) & 15` for a parameter p of the attributes `param` (addrspace(1)), through its
// generic address; `offset` computes %o from %i.
std::string offset_test(const std::string& param, const std::string& offset) {
  return "define i64 @f(ptr addrspace(1) " + param + " %p, i64 %i) {\n"
         "  %g = addrspacecast ptr addrspace(1) %p to ptr\n"
         "  %o = " + offset + "\n"
         "  %q = getelementptr i8, ptr %g, i64 %o\n"
         "  %x = ptrtoint ptr %q to i64\n"
         "  %a = and i64 %x, 15\n"
         "  ret i64 %a\n"
         "}\n";
}

TEST(AddressAlignment, AnAlignedParameterPlusAMultipleIsFolded) {
  EXPECT_EQ(ands_left(offset_test("align 16", "shl i64 %i, 4")), 0);
}

TEST(AddressAlignment, SharedMemoryThroughItsGenericAddressIsFolded) {
  EXPECT_EQ(ands_left(R"(
define i64 @f(i64 %i) {
  %o = mul i64 %i, 48
  %q = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %o
  %x = ptrtoint ptr %q to i64
  %a = and i64 %x, 15
  ret i64 %a
})"),
            0);
}

TEST(AddressAlignment, AnOffsetOfTheWrongMultipleStays) {
  EXPECT_EQ(ands_left(offset_test("align 16", "mul i64 %i, 24")), 1);
}

TEST(AddressAlignment, AParameterWithoutAlignStays) {
  EXPECT_EQ(ands_left(offset_test("", "shl i64 %i, 4")), 1);
}

TEST(AddressAlignment, AMaskWiderThanTheAlignmentStays) {
  EXPECT_EQ(ands_left(R"(
define i64 @f(ptr addrspace(1) align 8 %p) {
  %x = ptrtoint ptr addrspace(1) %p to i64
  %a = and i64 %x, 15
  %b = and i64 %x, 7
  %c = or i64 %a, %b
  ret i64 %c
})"),
            1);
}

// A loop's pointer index: init 0 and step 16 keep 16-byte alignment, step 8 does not.
std::string loop(int step) {
  return R"(
define i64 @f(ptr addrspace(1) align 16 %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %sum, %loop ]
  %q = getelementptr i8, ptr addrspace(1) %p, i64 %i
  %x = ptrtoint ptr addrspace(1) %q to i64
  %a = and i64 %x, 15
  %sum = add i64 %acc, %a
  %next = add i64 %i, )" +
         std::to_string(step) + R"(
  %c = icmp ult i64 %next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %sum
})";
}

TEST(AddressAlignment, ALoopIndexKeepsTheAlignmentItsStepKeeps) {
  EXPECT_EQ(ands_left(loop(16)), 0);
  EXPECT_EQ(ands_left(loop(8)), 1);
}

}  // namespace
}  // namespace simtc::codegen::test

// GCC-style inline PTX, `asm volatile("..." : "=r"(x) : "l"(p) : "memory")`, which the checker
// allows only in Tier 2 code ([[simt::unsafe]] blocks and SIMT_REQUIRES_UNSAFE functions), as
// one `inline_asm` instruction. Each output's address is an operand (codegen stores the result
// there, so an output may be any scalar lvalue), then the inputs' values, then, for each
// read-write ("+r") output, its current value tied to it. The template and the constraints are
// kept in LLVM's syntax (`$0`, `=r`, `0`, `~{memory}`).
//
// Supported constraints: r (32-bit integer), l (64-bit integer or pointer), h (16-bit
// integer), f (float), d (double), n (an integer constant, inputs only), prefixed by `=` or `+`
// for outputs; the only clobber is "memory". Anything else is an error at the asm statement.
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>

#include "irgen/function_gen.hpp"

namespace simtc::irgen {
namespace {

constexpr const char* kSupported =
    "simtc supports r, l, h, f and d (=r, +r, ... for outputs), n for constant inputs and the clobber \"memory\"";

// The IR type that a register constraint letter holds, or whether `t` fits it.
bool fits(char letter, ir::Type t) {
  switch (letter) {
    case 'r': return t == ir::Type::i32();
    case 'l': return t == ir::Type::i64() || t.is_ptr();
    case 'h': return t == ir::Type::i16();
    case 'f': return t == ir::Type::f32();
    case 'd': return t == ir::Type::f64();
    case 'n': return t.is_int() && !t.is_vector();
    default: return false;
  }
}

const char* letter_meaning(char letter) {
  switch (letter) {
    case 'r': return "a 32-bit integer";
    case 'l': return "a 64-bit integer or a pointer";
    case 'h': return "a 16-bit integer";
    case 'f': return "a float";
    case 'd': return "a double";
    default: return "an integer constant";
  }
}

}  // namespace

void FunctionGen::emit_asm(const clang::GCCAsmStmt* stmt) {
  const clang::SourceLocation where = stmt->getAsmLoc();
  if (stmt->isAsmGoto()) {
    cx_.error(where, "'asm goto' is not supported in kernel code");
    return;
  }
  bool ok = true;
  auto refuse = [&](clang::SourceLocation at, const std::string& message) {
    cx_.error(at.isValid() ? at : where, message);
    ok = false;
  };
  // A constraint's letter after its prefix ("=r" -> 'r'), or 0 when it is not one simtc takes.
  auto letter_of = [](llvm::StringRef constraint, llvm::StringRef prefixes) -> char {
    if (!prefixes.empty()) {
      if (constraint.empty() || prefixes.find(constraint.front()) == llvm::StringRef::npos) return 0;
      constraint = constraint.drop_front();
    }
    if (constraint.size() != 1) return 0;
    return llvm::StringRef("rlhfdn").contains(constraint.front()) ? constraint.front() : 0;
  };

  std::string constraints;
  auto add = [&](const std::string& c) { constraints += (constraints.empty() ? "" : ",") + c; };
  std::vector<ir::Value*> outputs, inputs, tied;
  std::vector<std::string> tied_constraints;
  for (unsigned i = 0; i < stmt->getNumOutputs(); ++i) {
    const clang::Expr* out = stmt->getOutputExpr(i);
    const std::string c = stmt->getOutputConstraint(i);
    const char letter = letter_of(c, "=+");
    if (letter == 0 || letter == 'n') {
      refuse(out->getBeginLoc(), "the inline assembly output constraint '" + c + "' is not supported (" + kSupported + ")");
      continue;
    }
    const ir::Type t = cx_.value_type(out->getType());
    if (!fits(letter, t)) {
      refuse(out->getBeginLoc(), "the inline assembly operand of constraint '" + c + "' must be " +
                                     letter_meaning(letter) + ", not '" + out->getType().getAsString() + "'");
      continue;
    }
    ir::Value* address = emit_lvalue(out);
    outputs.push_back(address);
    add(std::string("=") + letter);
    if (c[0] == '+') {
      tied.push_back(load_scalar(address, out->getType()));
      tied_constraints.push_back(std::to_string(i));
    }
  }
  for (unsigned i = 0; i < stmt->getNumInputs(); ++i) {
    const clang::Expr* in = stmt->getInputExpr(i);
    const std::string c = stmt->getInputConstraint(i);
    const char letter = letter_of(c, "");
    if (letter == 0) {
      refuse(in->getBeginLoc(), "the inline assembly input constraint '" + c + "' is not supported (" + kSupported + ")");
      continue;
    }
    ir::Value* value = emit_scalar(in);
    if (!fits(letter, value->type())) {
      refuse(in->getBeginLoc(), "the inline assembly operand of constraint '" + c + "' must be " +
                                    letter_meaning(letter) + ", not '" + in->getType().getAsString() + "'");
      continue;
    }
    inputs.push_back(value);
    add(c);
  }
  for (const std::string& c : tied_constraints) add(c);
  for (unsigned i = 0; i < stmt->getNumClobbers(); ++i) {
    const std::string clobber = stmt->getClobber(i);
    if (clobber == "memory") add("~{memory}");
    else refuse(where, "the inline assembly clobber \"" + clobber + "\" is not supported (" + kSupported + ")");
  }
  if (!ok) return;
  inputs.insert(inputs.end(), tied.begin(), tied.end());
  set_loc(where);
  // Without outputs an asm statement is kept for its effects, as GCC and Clang keep it.
  const bool side_effects = stmt->isVolatile() || outputs.empty();
  b_.inline_asm(stmt->generateAsmString(cx_.ast()), constraints, side_effects, outputs, inputs);
}

}  // namespace simtc::irgen

// Checks the IR's structural and type invariants. Runs before and (with --verify-each)
// after every pass; a failure is an internal error in whatever produced the IR.
#pragma once

#include <string>
#include <vector>

#include "ir/module.hpp"

namespace simtc::ir {

struct VerifierError {
  const Function* function = nullptr;   // null for module-level problems
  const Block* block = nullptr;         // the block at fault, if any
  const Instruction* instruction = nullptr;  // the instruction at fault, if any
  std::string message;
};

/// Every problem found (empty when the module is well formed):
///  - each block is non-empty and ends in exactly one terminator, with none before it;
///    phis come first and have one incoming value per predecessor, and no others;
///  - operand and result types follow each opcode's rules (and intrinsic signatures);
///  - branch targets belong to the same function; the entry block has no predecessors;
///  - every instruction operand is defined in the same function and dominates its use;
///  - calls match the callee's parameter types; returns match the return type;
///    kernels return void; allocas are in the entry block.
std::vector<VerifierError> verify(const Module& module);
std::vector<VerifierError> verify(const Function& fn);

/// Each error as the printed function line with a caret under the faulty instruction:
///   error: operand type i64 does not match i32 in 'add'
///     %3 = add i32 %1, %2
///     ^~~~~~~~~~~~~~~~~~~
///   in function @saxpy, block entry
std::string format_errors(const std::vector<VerifierError>& errors);

}  // namespace simtc::ir

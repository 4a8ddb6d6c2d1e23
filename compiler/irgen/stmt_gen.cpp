// Statements: blocks, declarations, control flow.
#include <algorithm>
#include <utility>

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>

#include "irgen/function_gen.hpp"
#include "irgen/shared_memory.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

void FunctionGen::emit_stmt(const clang::Stmt* stmt) {
  if (stmt == nullptr) return;
  if (!block_open()) start_block(new_block("dead"));  // code after return/break: unreachable
  set_loc(stmt->getBeginLoc());
  switch (stmt->getStmtClass()) {
    case clang::Stmt::CompoundStmtClass:
      return emit_compound(llvm::cast<clang::CompoundStmt>(stmt));
    case clang::Stmt::DeclStmtClass:
      for (const clang::Decl* decl : llvm::cast<clang::DeclStmt>(stmt)->decls()) emit_decl(decl);
      return;
    case clang::Stmt::IfStmtClass:
      return emit_if(llvm::cast<clang::IfStmt>(stmt));
    case clang::Stmt::WhileStmtClass:
      return emit_while(llvm::cast<clang::WhileStmt>(stmt));
    case clang::Stmt::DoStmtClass:
      return emit_do(llvm::cast<clang::DoStmt>(stmt));
    case clang::Stmt::ForStmtClass:
      return emit_for(llvm::cast<clang::ForStmt>(stmt));
    case clang::Stmt::CXXForRangeStmtClass:
      return emit_range_for(llvm::cast<clang::CXXForRangeStmt>(stmt));
    case clang::Stmt::SwitchStmtClass:
      return emit_switch(llvm::cast<clang::SwitchStmt>(stmt));
    case clang::Stmt::ReturnStmtClass:
      return emit_return(llvm::cast<clang::ReturnStmt>(stmt));
    case clang::Stmt::BreakStmtClass: {
      if (jumps_.empty()) SIMTC_ICE("break outside a loop or switch");
      branch_to(jumps_.back().break_to);
      return;
    }
    case clang::Stmt::ContinueStmtClass: {
      for (auto it = jumps_.rbegin(); it != jumps_.rend(); ++it)
        if (it->continue_to != nullptr) {
          branch_to(it->continue_to);
          return;
        }
      SIMTC_ICE("continue outside a loop");
    }
    case clang::Stmt::CaseStmtClass:
    case clang::Stmt::DefaultStmtClass: {
      const auto* label = llvm::cast<clang::SwitchCase>(stmt);
      auto it = case_blocks_.find(label);
      if (it == case_blocks_.end()) SIMTC_ICE("case label outside its switch");
      branch_to(it->second);  // fallthrough from the previous case
      start_block(it->second);
      return emit_stmt(label->getSubStmt());
    }
    case clang::Stmt::NullStmtClass:
      return;
    case clang::Stmt::AttributedStmtClass: {
      // [[simt::unsafe]] marks the instructions lowered inside it (set_loc asks the context's
      // Tier 2 regions) and [[likely]] is a hint LLVM finds by itself; loop unrolling hints go
      // to the loop's back edge.
      const auto* attributed = llvm::cast<clang::AttributedStmt>(stmt);
      pending_unroll_ = unroll_hint(attributed);
      return emit_stmt(attributed->getSubStmt());
    }
    case clang::Stmt::LabelStmtClass:
      return emit_stmt(llvm::cast<clang::LabelStmt>(stmt)->getSubStmt());
    case clang::Stmt::GCCAsmStmtClass:
      return emit_asm(llvm::cast<clang::GCCAsmStmt>(stmt));
    default:
      break;
  }
  if (const auto* expr = llvm::dyn_cast<clang::Expr>(stmt)) return emit_ignored(expr);
  cx_.unsupported(stmt, std::string("the statement '") + stmt->getStmtClassName() + "'");
}

void FunctionGen::emit_compound(const clang::CompoundStmt* stmt) {
  for (const clang::Stmt* child : stmt->body()) emit_stmt(child);
}

void FunctionGen::emit_decl(const clang::Decl* decl) {
  if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) return emit_local_var(var);
  // Types, typedefs, static_asserts, using-declarations: nothing to run.
}

void FunctionGen::emit_local_var(const clang::VarDecl* var) {
  set_loc(var->getLocation());
  if (ir::Value* shared = shared_local_address(*this, var)) {  // simt::SharedArray and friends
    locals_[var] = shared;
    return;
  }
  if (var->isStaticLocal()) {  // constexpr statics only (the checker rejects the rest)
    if (ir::Global* global = cx_.constant_global(var))
      locals_[var] = b_.cast(ir::Opcode::AddrSpaceCast, global, ir::Type::ptr());
    return;
  }
  if (var->getType()->isReferenceType()) {
    locals_[var] = emit_lvalue(var->getInit());
    return;
  }
  ir::Value* slot = create_temp(var->getType(), var->getNameAsString());
  locals_[var] = slot;
  cx_.note_variable(slot, var, 0);
  if (const clang::Expr* init = var->getInit()) emit_init(init, var->getType(), slot);
}

void FunctionGen::emit_if(const clang::IfStmt* stmt) {
  if (stmt->getInit() != nullptr) emit_stmt(stmt->getInit());
  if (stmt->isConsteval()) {  // never constant-evaluated at run time
    emit_stmt(stmt->isNegatedConsteval() ? stmt->getThen() : stmt->getElse());
    return;
  }
  if (stmt->isConstexpr()) {
    bool taken = stmt->getCond()->EvaluateKnownConstInt(cx_.ast()).getBoolValue();
    emit_stmt(taken ? stmt->getThen() : stmt->getElse());
    return;
  }
  if (const clang::DeclStmt* decl = stmt->getConditionVariableDeclStmt()) emit_stmt(decl);
  ir::Value* cond = emit_condition(stmt->getCond());
  set_loc(stmt->getCond()->getBeginLoc());  // a branch is located at its condition
  ir::Block* then_block = new_block("if.then");
  ir::Block* else_block = stmt->getElse() != nullptr ? new_block("if.else") : nullptr;
  ir::Block* end = new_block("if.end");
  b_.cond_br(cond, then_block, else_block != nullptr ? else_block : end);
  start_block(then_block);
  emit_stmt(stmt->getThen());
  branch_to(end);
  if (else_block != nullptr) {
    start_block(else_block);
    emit_stmt(stmt->getElse());
    branch_to(end);
  }
  start_block(end);
}

std::uint32_t FunctionGen::unroll_hint(const clang::AttributedStmt* stmt) {
  std::uint32_t hint = ir::kUnrollNone;
  for (const clang::Attr* attr : stmt->getAttrs()) {
    const auto* loop = llvm::dyn_cast<clang::LoopHintAttr>(attr);
    if (loop == nullptr) continue;
    if (loop->getOption() == clang::LoopHintAttr::Unroll) {
      // `#pragma unroll` without a count means what it means in CUDA: unroll completely
      // when the trip count is a constant, else leave the loop alone.
      if (loop->getState() == clang::LoopHintAttr::Disable) hint = ir::kUnrollDisable;
      else if (loop->getState() == clang::LoopHintAttr::Enable || loop->getState() == clang::LoopHintAttr::Full)
        hint = ir::kUnrollFull;
    } else if (loop->getOption() == clang::LoopHintAttr::UnrollCount && loop->getValue() != nullptr) {
      // Sema has checked that the count is a positive constant.
      std::uint64_t count = loop->getValue()->EvaluateKnownConstInt(cx_.ast()).getZExtValue();
      hint = count <= 1 ? ir::kUnrollDisable : std::uint32_t(std::min<std::uint64_t>(count, ir::kUnrollFull - 1));
    }
    // vectorize, interleave, distribute and pipeline hints mean nothing for one GPU thread.
  }
  return hint;
}

void FunctionGen::emit_back_edge(ir::Block* header, std::uint32_t hint) {
  if (!block_open()) return;
  b_.br(header)->set_loop_unroll(hint);
}

void FunctionGen::emit_loop_body(const clang::Stmt* body, ir::Block* break_to, ir::Block* continue_to) {
  jumps_.push_back({break_to, continue_to});
  emit_stmt(body);
  jumps_.pop_back();
}

void FunctionGen::emit_while(const clang::WhileStmt* stmt) {
  const std::uint32_t hint = std::exchange(pending_unroll_, ir::kUnrollNone);
  ir::Block* cond_block = new_block("while.cond");
  ir::Block* body = new_block("while.body");
  ir::Block* end = new_block("while.end");
  // With a hint, every back edge (the body's end and each `continue`) goes through one
  // latch that carries it.
  ir::Block* latch = hint != ir::kUnrollNone ? new_block("while.latch") : cond_block;
  branch_to(cond_block);
  start_block(cond_block);
  if (const clang::DeclStmt* decl = stmt->getConditionVariableDeclStmt()) emit_stmt(decl);
  ir::Value* cond = emit_condition(stmt->getCond());
  set_loc(stmt->getCond()->getBeginLoc());
  b_.cond_br(cond, body, end);
  start_block(body);
  emit_loop_body(stmt->getBody(), end, latch);
  if (latch != cond_block) {
    branch_to(latch);
    start_block(latch);
  }
  emit_back_edge(cond_block, hint);
  start_block(end);
}

void FunctionGen::emit_do(const clang::DoStmt* stmt) {
  const std::uint32_t hint = std::exchange(pending_unroll_, ir::kUnrollNone);
  ir::Block* body = new_block("do.body");
  ir::Block* cond_block = new_block("do.cond");
  ir::Block* end = new_block("do.end");
  branch_to(body);
  start_block(body);
  emit_loop_body(stmt->getBody(), end, cond_block);
  branch_to(cond_block);
  start_block(cond_block);
  ir::Value* cond = emit_condition(stmt->getCond());
  set_loc(stmt->getCond()->getBeginLoc());
  b_.cond_br(cond, body, end)->set_loop_unroll(hint);
  start_block(end);
}

void FunctionGen::emit_for(const clang::ForStmt* stmt) {
  const std::uint32_t hint = std::exchange(pending_unroll_, ir::kUnrollNone);
  if (stmt->getInit() != nullptr) emit_stmt(stmt->getInit());
  ir::Block* cond_block = new_block("for.cond");
  ir::Block* body = new_block("for.body");
  ir::Block* inc = new_block("for.inc");
  ir::Block* end = new_block("for.end");
  branch_to(cond_block);
  start_block(cond_block);
  if (const clang::DeclStmt* decl = stmt->getConditionVariableDeclStmt()) emit_stmt(decl);
  if (stmt->getCond() != nullptr) {
    ir::Value* cond = emit_condition(stmt->getCond());
    set_loc(stmt->getCond()->getBeginLoc());
    b_.cond_br(cond, body, end);
  } else {
    b_.br(body);
  }
  start_block(body);
  emit_loop_body(stmt->getBody(), end, inc);
  branch_to(inc);
  start_block(inc);
  if (stmt->getInc() != nullptr) {
    set_loc(stmt->getInc()->getBeginLoc());
    emit_ignored(stmt->getInc());
  }
  emit_back_edge(cond_block, hint);
  start_block(end);
}

void FunctionGen::emit_range_for(const clang::CXXForRangeStmt* stmt) {
  const std::uint32_t hint = std::exchange(pending_unroll_, ir::kUnrollNone);
  if (stmt->getInit() != nullptr) emit_stmt(stmt->getInit());
  emit_stmt(stmt->getRangeStmt());
  emit_stmt(stmt->getBeginStmt());
  emit_stmt(stmt->getEndStmt());
  ir::Block* cond_block = new_block("for.cond");
  ir::Block* body = new_block("for.body");
  ir::Block* inc = new_block("for.inc");
  ir::Block* end = new_block("for.end");
  branch_to(cond_block);
  start_block(cond_block);
  ir::Value* cond = emit_condition(stmt->getCond());
  set_loc(stmt->getCond()->getBeginLoc());
  b_.cond_br(cond, body, end);
  start_block(body);
  emit_stmt(stmt->getLoopVarStmt());
  emit_loop_body(stmt->getBody(), end, inc);
  branch_to(inc);
  start_block(inc);
  emit_ignored(stmt->getInc());
  emit_back_edge(cond_block, hint);
  start_block(end);
}

void FunctionGen::collect_cases(const clang::Stmt* stmt, std::vector<const clang::SwitchCase*>& out) {
  if (stmt == nullptr || llvm::isa<clang::SwitchStmt>(stmt)) return;  // nested switches own theirs
  if (const auto* label = llvm::dyn_cast<clang::SwitchCase>(stmt)) out.push_back(label);
  for (const clang::Stmt* child : stmt->children()) collect_cases(child, out);
}

void FunctionGen::emit_switch(const clang::SwitchStmt* stmt) {
  if (stmt->getInit() != nullptr) emit_stmt(stmt->getInit());
  if (const clang::DeclStmt* decl = stmt->getConditionVariableDeclStmt()) emit_stmt(decl);
  const clang::Expr* cond = stmt->getCond();
  ir::Value* value = emit_scalar(cond);
  set_loc(cond->getBeginLoc());  // the switch is located at its condition
  std::vector<const clang::SwitchCase*> labels;
  collect_cases(stmt->getBody(), labels);
  ir::Block* end = new_block("sw.end");
  ir::Block* default_block = end;
  std::vector<std::pair<std::int64_t, ir::Block*>> cases;
  for (const clang::SwitchCase* label : labels) {
    if (llvm::isa<clang::DefaultStmt>(label)) {
      default_block = case_blocks_[label] = new_block("sw.default");
      continue;
    }
    const auto* case_stmt = llvm::cast<clang::CaseStmt>(label);
    ir::Block* block = case_blocks_[label] = new_block("sw.case");
    llvm::APSInt low = case_stmt->getLHS()->EvaluateKnownConstInt(cx_.ast());
    if (case_stmt->getRHS() == nullptr) {
      cases.emplace_back(low.getExtValue(), block);
      continue;
    }
    llvm::APSInt high = case_stmt->getRHS()->EvaluateKnownConstInt(cx_.ast());
    if ((high - low).getExtValue() > 256) {
      cx_.error(case_stmt->getBeginLoc(), "case ranges wider than 256 values are not supported in kernel code");
      continue;
    }
    for (std::int64_t v = low.getExtValue(); v <= high.getExtValue(); ++v) cases.emplace_back(v, block);
  }
  b_.switch_(value, default_block, std::move(cases));
  start_block(new_block("sw.body"));  // statements before the first label never run
  jumps_.push_back({end, nullptr});
  emit_stmt(stmt->getBody());
  jumps_.pop_back();
  branch_to(end);
  start_block(end);
}

void FunctionGen::emit_return(const clang::ReturnStmt* stmt) {
  if (const clang::Expr* value = stmt->getRetValue()) {
    clang::QualType result = decl_->getReturnType();
    if (sret_ != nullptr) {
      emit_init(value, result, sret_);
    } else if (result->isReferenceType()) {
      b_.store(emit_lvalue(value), return_slot_, 8);
    } else if (return_slot_ != nullptr) {
      store_scalar(emit_scalar(value), return_slot_, result);
    } else {
      emit_ignored(value);  // `return f();` in a void function
    }
  }
  branch_to(return_block_);
}

}  // namespace simtc::irgen

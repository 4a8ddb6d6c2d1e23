// Lowers one C++ function body to an IR function.  [Clang]
//
// Conventions: an lvalue is an address (an IR pointer); a scalar prvalue is an IR value
// (bool as i1, in memory as i8); a record or array prvalue is built in place at a
// destination address. Locals live in allocas in the entry block; LLVM promotes them.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <vector>

#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

#include "irgen/context.hpp"

namespace simtc::irgen {

class FunctionGen {
 public:
  FunctionGen(IrgenContext& context, ir::Function* function);

  /// A device function (or method, constructor, lambda call operator) with `abi`.
  void emit_device_function(const clang::FunctionDecl* decl, const FunctionAbi& abi);
  /// A kernel: its IR parameters follow the launch ABI described by `signature`.
  void emit_kernel(const clang::FunctionDecl* decl);

  // --- statements (stmt_gen.cpp)
  void emit_stmt(const clang::Stmt* stmt);

  // --- expressions (expr_scalar.cpp, expr_lvalue.cpp, expr_aggregate.cpp)
  /// A scalar prvalue (or an lvalue converted to one).
  ir::Value* emit_scalar(const clang::Expr* expr);
  /// The address an lvalue (or xvalue) designates; prvalues are materialized.
  ir::Value* emit_lvalue(const clang::Expr* expr);
  /// Builds a record or array prvalue at `dest`.
  void emit_aggregate(const clang::Expr* expr, ir::Value* dest);
  /// Initializes the object of `type` at `dest` from `init` (null: default-initialize).
  void emit_init(const clang::Expr* init, clang::QualType type, ir::Value* dest);
  /// A condition as i1.
  ir::Value* emit_condition(const clang::Expr* expr);
  /// `c ? a : b`: `arm` emits each side in its own block; the results, when both are values,
  /// join in a phi (null otherwise).
  ir::Value* emit_conditional(const clang::ConditionalOperator* conditional,
                              const std::function<ir::Value*(const clang::Expr*)>& arm);
  /// Evaluates `expr` for its side effects only.
  void emit_ignored(const clang::Expr* expr);

  // --- calls (calls.cpp)
  /// Calls `callee`; `this_arg` is the object address for methods. The result is a scalar
  /// value, an address (reference results), or null (void, or a record built at `dest`).
  ir::Value* emit_call(const clang::FunctionDecl* callee, const clang::Expr* this_expr,
                       ir::Value* this_arg, llvm::ArrayRef<const clang::Expr*> args,
                       ir::Value* dest, const clang::Expr* call);
  void emit_construct(const clang::CXXConstructExpr* construct, ir::Value* dest);
  /// A call to one of Clang's __builtin functions (a few are lowered; the rest named).
  ir::Value* emit_clang_builtin(unsigned builtin, const clang::FunctionDecl* callee,
                                llvm::ArrayRef<const clang::Expr*> args, const clang::Expr* call);
  /// simt::printf: the arguments, promoted as C promotes variadic arguments, stored into a
  /// buffer for vprintf (print.cpp).
  ir::Value* emit_printf(llvm::ArrayRef<const clang::Expr*> args, const clang::Expr* call);
  /// The generic address of a string literal's bytes (print.cpp).
  ir::Value* emit_string_literal(const clang::StringLiteral* literal);
  /// Any call expression (free, member, operator, lambda); a record result is built at
  /// `dest` (a temporary when null).
  ir::Value* emit_call_expr(const clang::CallExpr* call, ir::Value* dest);

  // --- helpers (function_gen.cpp)
  IrgenContext& cx() { return cx_; }
  ir::Builder& b() { return b_; }
  ir::Value* load_scalar(ir::Value* address, clang::QualType type);
  void store_scalar(ir::Value* value, ir::Value* address, clang::QualType type);
  ir::Value* convert(ir::Value* value, clang::QualType from, clang::QualType to);
  ir::Value* to_bool(ir::Value* value, clang::QualType from);
  ir::Value* create_temp(clang::QualType type, const std::string& name = "");
  ir::Value* create_alloca(std::uint64_t size, unsigned align, const std::string& name = "");
  ir::Value* address_at(ir::Value* base, std::uint64_t byte_offset);
  /// The address of `v[i]`, `v` a vector (expr_lvalue.cpp).
  ir::Value* vector_element_address(const clang::ArraySubscriptExpr* subscript);
  ir::Value* field_address(ir::Value* base, const clang::FieldDecl* field);
  void copy_object(ir::Value* dest, ir::Value* src, clang::QualType type);
  void zero_object(ir::Value* dest, clang::QualType type);
  ir::Block* new_block(const std::string& name);
  void start_block(ir::Block* block);
  bool block_open() const;
  void branch_to(ir::Block* target);
  /// Stops the thread when `index` is not below `bound` (a failed check that the host
  /// reports with the subscript's location), then continues after the check.
  void emit_bounds_check(ir::Value* index, std::uint64_t bound, const clang::ArraySubscriptExpr* subscript);
  void set_loc(clang::SourceLocation where) {
    b_.set_loc(cx_.loc(where));
    b_.set_unsafe(cx_.in_unsafe(where));
  }
  /// Unsupported construct: a diagnostic naming it; the result is undef of `type`.
  ir::Value* unsupported_value(const clang::Stmt* node, const std::string& what, clang::QualType type);
  ir::Value* undef_for(clang::QualType type);

  /// The address of a local, parameter or captured variable.
  ir::Value* variable_address(const clang::ValueDecl* decl, const clang::Expr* use);
  ir::Value* this_address() const { return this_; }

 private:
  friend class StmtGen;

  // Statements (stmt_gen.cpp).
  void emit_compound(const clang::CompoundStmt* stmt);
  void emit_decl(const clang::Decl* decl);
  void emit_local_var(const clang::VarDecl* var);
  void emit_if(const clang::IfStmt* stmt);
  void emit_while(const clang::WhileStmt* stmt);
  void emit_do(const clang::DoStmt* stmt);
  void emit_for(const clang::ForStmt* stmt);
  void emit_range_for(const clang::CXXForRangeStmt* stmt);
  void emit_switch(const clang::SwitchStmt* stmt);
  void emit_return(const clang::ReturnStmt* stmt);
  void emit_loop_body(const clang::Stmt* body, ir::Block* break_to, ir::Block* continue_to);
  /// The unrolling hint of `#pragma unroll` / `#pragma clang loop unroll...` on `stmt`.
  std::uint32_t unroll_hint(const clang::AttributedStmt* stmt);
  /// The loop's back edge: `br header` carrying the pending unrolling hint (if any).
  void emit_back_edge(ir::Block* header, std::uint32_t hint);
  void collect_cases(const clang::Stmt* stmt, std::vector<const clang::SwitchCase*>& out);
  /// Inline PTX (inline_asm.cpp): one inline_asm instruction, or errors at its constraints.
  void emit_asm(const clang::GCCAsmStmt* stmt);

  // Function setup.
  void begin(const clang::FunctionDecl* decl);
  void finish();
  void bind_lambda_captures(const clang::CXXMethodDecl* method);
  void emit_constructor_prologue(const clang::CXXConstructorDecl* ctor);

  IrgenContext& cx_;
  ir::Function* fn_;
  ir::Builder b_;
  const clang::FunctionDecl* decl_ = nullptr;
  ir::Block* entry_ = nullptr;         // allocas only; branches to the body
  ir::Block* return_block_ = nullptr;  // the one `ret`
  ir::Value* return_slot_ = nullptr;   // scalar or reference results
  ir::Value* sret_ = nullptr;          // record results are built here
  ir::Value* this_ = nullptr;
  std::map<const clang::ValueDecl*, ir::Value*> locals_;
  struct Capture {
    const clang::FieldDecl* field;
    bool by_reference;
  };
  std::map<const clang::ValueDecl*, Capture> captures_;
  const clang::FieldDecl* this_capture_ = nullptr;
  struct JumpTargets {
    ir::Block* break_to;
    ir::Block* continue_to;  // null inside a switch
  };
  std::vector<JumpTargets> jumps_;
  std::map<const clang::SwitchCase*, ir::Block*> case_blocks_;
  std::uint32_t pending_unroll_ = ir::kUnrollNone;  // set by an attributed loop, taken by it
};

}  // namespace simtc::irgen

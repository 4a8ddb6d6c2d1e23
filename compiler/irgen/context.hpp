// State shared by all of irgen for one module: the AST, the IR module, the map from Clang
// functions to IR functions and the queue of bodies still to emit.  [Clang]
#pragma once

#include <deque>
#include <map>
#include <string>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Mangle.h>

#include "checker/safety.hpp"
#include "ir/builder.hpp"
#include "ir/module.hpp"
#include "irgen/irgen.hpp"

namespace simtc::irgen {

/// How a C++ function's parameters and result travel in the IR (device functions):
/// scalars by value, references and `this` as pointers, records by pointer to a copy the
/// caller owns, record results through a leading `sret` pointer.
struct FunctionAbi {
  ir::Function* function = nullptr;
  bool has_sret = false;
  bool has_this = false;
};

/// The rule ids irgen's errors name (compiler/checker/rules.def).
inline constexpr const char* kLanguageSubsetRule = "simt-language-subset";
inline constexpr const char* kGlobalVariableRule = "simt-global-variable";

class IrgenContext {
 public:
  IrgenContext(clang::ASTContext& ast, const IrgenOptions& options);

  clang::ASTContext& ast() { return ast_; }
  ir::Module& module() { return *module_; }
  std::unique_ptr<ir::Module> take_module() { return std::move(module_); }
  const IrgenOptions& options() const { return options_; }

  // Types.
  /// The IR type of a scalar C++ type as a value (bool -> i1, pointers/references -> ptr).
  ir::Type value_type(clang::QualType type);
  /// The IR type of a scalar C++ type in memory (bool -> i8).
  ir::Type memory_type(clang::QualType type);
  bool is_scalar(clang::QualType type);  // arithmetic, enum, pointer, reference-free
  std::uint64_t size_of(clang::QualType type);
  unsigned align_of(clang::QualType type);

  // Locations.
  SourceLoc loc(clang::SourceLocation where);
  /// Records, for the fault report, that the call or check at `at` goes through `object`
  /// (its source text, when it is short and spelled outside a macro) in the expression `whole`.
  void note_site(clang::SourceLocation at, const clang::Expr* whole, const clang::Expr* object);
  /// Under IrgenOptions::debug_variables: records that `slot` (an alloca) holds `var`, for
  /// the debugger; `arg` is its 1-based parameter number, 0 for a local.
  void note_variable(ir::Value* slot, const clang::ValueDecl* var, unsigned arg);
  /// Collects the Tier 2 regions of `fn`'s body ([[simt::unsafe]] blocks; the whole body of a
  /// SIMT_REQUIRES_UNSAFE function), as the checker sees them.
  void add_unsafe_regions(const clang::FunctionDecl* fn);
  /// True if `where` lies in a Tier 2 region collected so far (ir::Instruction::in_unsafe).
  bool in_unsafe(clang::SourceLocation where) const;

  // Diagnostics (Clang style, at the user's location), each ending in the id of the rule it
  // belongs to, as the checker's do: `simtc check` promises every error `simtc build` gives.
  /// An error of `rule` (a checker rule id, rules.def): a construct outside the kernel
  /// language by default.
  void error(clang::SourceLocation where, const std::string& message,
             const char* rule = kLanguageSubsetRule);
  /// "<what> is not supported in kernel code [simt-language-subset]" at `node`.
  void unsupported(const clang::Stmt* node, const std::string& what);
  bool had_errors() const { return errors_ > 0; }

  // Functions.
  /// The IR function for a device function, created (and its body queued) on first use.
  FunctionAbi function_for(const clang::FunctionDecl* fn);
  /// Emits every queued device function body.
  void drain_queue();
  /// The intrinsic named by a simt builtin declaration, if `fn` is one.
  std::optional<ir::IntrinsicId> builtin_of(const clang::FunctionDecl* fn);

  /// A read-only global holding the constant `value` of type `type` (tables at namespace
  /// scope), created on first use.
  ir::Global* constant_global(const clang::VarDecl* var);
  /// The constant memory of a namespace-scope simt::Constant: a Global the host fills, exported
  /// under the variable's mangled name, created on first use (irgen/constant_memory.cpp).
  ir::Global* host_constant(const clang::VarDecl* var);
  /// Reports a module whose constant memory (simt::Constant, constexpr tables, format strings)
  /// is more than the 64 KiB the GPU gives one module.
  void check_constant_memory();
  /// A read-only global holding the bytes of `literal` and its terminating zero, one per
  /// distinct content (irgen/print.cpp).
  ir::Global* string_global(const clang::StringLiteral* literal);

 private:
  std::string mangle(const clang::FunctionDecl* fn);

  std::shared_ptr<const ir::Module::DebugType> debug_type(clang::QualType type, int depth);
  clang::ASTContext& ast_;
  IrgenOptions options_;
  std::unique_ptr<ir::Module> module_;
  std::unique_ptr<clang::MangleContext> mangler_;
  std::map<const clang::FunctionDecl*, FunctionAbi> functions_;
  std::map<const clang::VarDecl*, ir::Global*> globals_;
  std::map<std::string, ir::Global*> strings_;

 public:
  /// Shared-memory locals and their Globals, one per declaration (irgen/shared_memory.cpp).
  std::map<const clang::VarDecl*, ir::Global*> shared_globals;
  ir::Global* dynamic_shared = nullptr;  // the extern shared global, created on first use

 private:
  std::deque<const clang::FunctionDecl*> queue_;
  std::deque<checker::UnsafeRegions> unsafe_regions_;  // one per emitted body
  unsigned errors_ = 0;
};

}  // namespace simtc::irgen

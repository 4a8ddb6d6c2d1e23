#include "checker/allowlist/allowlist.hpp"

#include <set>
#include <unordered_map>

#include <clang/Basic/Builtins.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/TargetBuiltins.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Basic/TargetOptions.h>

namespace simtc::checker {
namespace {

using Table = std::unordered_map<std::string, Classification>;

const Table& stmt_table() {
  static const Table table = {
#define SIMT_STMT(Class, V, Reason) {#Class, {Verdict::V, Reason}},
#include "checker/allowlist/allowlist.def"
  };
  return table;
}

const Table& cast_table() {
  static const Table table = {
#define SIMT_CAST(Kind, V, Reason) {#Kind, {Verdict::V, Reason}},
#include "checker/allowlist/allowlist.def"
  };
  return table;
}

const Table& builtin_table() {
  static const Table table = [] {
    Table out;
    auto add = [&](Verdict verdict, const char* reason, llvm::StringRef names) {
      llvm::SmallVector<llvm::StringRef, 64> split;
      names.split(split, ' ', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef name : split) out.emplace(name.str(), Classification{verdict, reason});
    };
#define SIMT_BUILTINS(V, Reason, Names) add(Verdict::V, Reason, Names);
#include "checker/allowlist/builtins.def"
    return out;
  }();
  return table;
}

Classification find(const Table& table, const std::string& name) {
  auto it = table.find(name);
  return it == table.end() ? Classification{} : it->second;
}

struct StmtName {
  clang::Stmt::StmtClass kind;
  const char* name;
};
constexpr StmtName kStmtNames[] = {
#define ABSTRACT_STMT(Type)
#define STMT(Type, Base) {clang::Stmt::Type##Class, #Type},
#include <clang/AST/StmtNodes.inc>
};

struct CastName {
  clang::CastKind kind;
  const char* name;
};
constexpr CastName kCastNames[] = {
#define CAST_OPERATION(Name) {clang::CK_##Name, #Name},
#include <clang/AST/OperationKinds.def>
};

// The names of the builtins Clang knows when it parses for the GPU: the target-independent
// ones and NVPTX's.
std::vector<std::string> builtin_names() {
  clang::DiagnosticOptions diag_options;
  clang::DiagnosticsEngine diags(llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), diag_options,
                                 new clang::IgnoringDiagConsumer());
  clang::TargetOptions target_options;
  target_options.Triple = "nvptx64-nvidia-cuda";
  target_options.CPU = "sm_90";
  std::unique_ptr<clang::TargetInfo> target(clang::TargetInfo::CreateTargetInfo(diags, target_options));
  clang::Builtin::Context context;
  if (target != nullptr) context.InitializeTarget(*target, nullptr);
  std::vector<std::string> names;
  for (unsigned id = clang::Builtin::NotBuiltin + 1; id < clang::NVPTX::LastTSBuiltin; ++id)
    names.push_back(context.getName(id));
  return names;
}

}  // namespace

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Safe: return "safe";
    case Verdict::Checked: return "checked";
    case Verdict::Unsafe: return "unsafe";
    case Verdict::Unsupported: return "unsupported";
    case Verdict::NotInLanguage: return "not-in-language";
    case Verdict::Unclassified: return "unclassified";
  }
  return "unclassified";
}

// The rules ask for every node they visit: the answers are looked up by name once, into arrays
// indexed by Clang's enumerators.
Classification classify_stmt(clang::Stmt::StmtClass kind) {
  static const std::unordered_map<unsigned, Classification> by_kind = [] {
    std::unordered_map<unsigned, Classification> out;
    for (const StmtName& entry : kStmtNames) out.emplace(unsigned(entry.kind), find(stmt_table(), entry.name));
    return out;
  }();
  auto it = by_kind.find(unsigned(kind));
  return it == by_kind.end() ? Classification{} : it->second;
}

Classification classify_cast(clang::CastKind kind) {
  static const std::unordered_map<unsigned, Classification> by_kind = [] {
    std::unordered_map<unsigned, Classification> out;
    for (const CastName& entry : kCastNames) out.emplace(unsigned(entry.kind), find(cast_table(), entry.name));
    return out;
  }();
  auto it = by_kind.find(unsigned(kind));
  return it == by_kind.end() ? Classification{} : it->second;
}

Classification classify_builtin(llvm::StringRef name) { return find(builtin_table(), name.str()); }

std::vector<AllowlistRow> allowlist_rows() {
  std::vector<AllowlistRow> rows;
  for (const StmtName& entry : kStmtNames) rows.push_back({"stmt", entry.name, find(stmt_table(), entry.name)});
  for (const CastName& entry : kCastNames) rows.push_back({"cast", entry.name, find(cast_table(), entry.name)});
  for (const std::string& name : builtin_names()) rows.push_back({"builtin", name, find(builtin_table(), name)});
  return rows;
}

std::vector<std::string> allowlist_stale_names() {
  std::set<std::string> stmts, casts, builtins;
  for (const StmtName& entry : kStmtNames) stmts.insert(entry.name);
  for (const CastName& entry : kCastNames) casts.insert(entry.name);
  for (const std::string& name : builtin_names()) builtins.insert(name);
  std::vector<std::string> stale;
  for (const auto& [name, c] : stmt_table())
    if (!stmts.count(name)) stale.push_back("stmt " + name);
  for (const auto& [name, c] : cast_table())
    if (!casts.count(name)) stale.push_back("cast " + name);
  for (const auto& [name, c] : builtin_table())
    if (!builtins.count(name)) stale.push_back("builtin " + name);
  std::sort(stale.begin(), stale.end());
  return stale;
}

}  // namespace simtc::checker

#include "host/host_check.hpp"

#include <algorithm>

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include "host/rules.hpp"
#include "support/diagnostic_record.hpp"

namespace simtc::host {
namespace {

struct HostRule {
  RuleInfo info;
  void (*run)(clang::ASTContext& context);
};

const std::vector<HostRule>& rules() {
  static const std::vector<HostRule> table = {
      {{"simt-launch-alias", "Launches do not pass an output buffer twice",
        "host code does not pass one buffer as a kernel's written output (a DisjointSlice or an "
        "AtomicSlice) and as another argument of the same launch, which the launcher's aliasing check "
        "refuses at run time"},
       check_launch_alias},
  };
  return table;
}

class Consumer : public clang::ASTConsumer {
 public:
  explicit Consumer(const HostCheckOptions& options) : options_(options) {}
  void HandleTranslationUnit(clang::ASTContext& context) override {
    if (context.getDiagnostics().hasErrorOccurred()) return;  // Clang's errors first
    for (const HostRule& rule : rules()) {
      const auto& disabled = options_.disabled_rules;
      if (std::find(disabled.begin(), disabled.end(), rule.info.id) == disabled.end()) rule.run(context);
    }
  }

 private:
  const HostCheckOptions& options_;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const HostCheckOptions& options, bool& had_errors) : options_(options), had_errors_(had_errors) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<Consumer>(options_);
  }
  void EndSourceFileAction() override { had_errors_ = getCompilerInstance().getDiagnostics().hasErrorOccurred(); }

 private:
  const HostCheckOptions& options_;
  bool& had_errors_;
};

}  // namespace

const std::vector<RuleInfo>& rule_table() {
  static const std::vector<RuleInfo> table = [] {
    std::vector<RuleInfo> out;
    for (const HostRule& rule : rules()) out.push_back(rule.info);
    return out;
  }();
  return table;
}

const RuleInfo* find_rule(const std::string& id) {
  for (const RuleInfo& rule : rule_table())
    if (id == rule.id) return &rule;
  return nullptr;
}

std::vector<std::string> host_clang_arguments(const std::string& path, const HostCheckOptions& options) {
  const frontend::FrontendOptions& f = options.frontend;
  std::string include = f.simt_include_dir.empty() ? frontend::default_simt_include_dir() : f.simt_include_dir;
  std::string resource = f.resource_dir.empty() ? frontend::default_resource_dir() : f.resource_dir;
  // The host compiler's view: the system's standard library, simt's public headers (not the
  // kernel files' simt/std), C++20 unless the extra arguments say otherwise.
  std::vector<std::string> args = {
      "simtc", "-fsyntax-only", "-x", "c++", "-std=c++20", "-resource-dir", resource, "-isystem", include,
      f.color ? "-fcolor-diagnostics" : "-fno-color-diagnostics",
  };
  frontend::append_user_arguments(args, path, f);
  return args;
}

bool check_host_file(const std::string& path, const HostCheckOptions& options) {
  // A file that cannot be read is one error (not Clang's "no input files").
  if (!llvm::sys::fs::is_regular_file(path)) {
    std::string message = "cannot read '" + path + "': " +
                          (llvm::sys::fs::exists(path) ? "not a regular file" : "no such file or directory");
    if (options.frontend.records != nullptr) options.frontend.records->add(Severity::Error, message, {path, 0, 0});
    else llvm::errs() << "error: " << message << "\n";
    return false;
  }
  // simt's attributes are registered, for host files that include a kernel file (the CPU
  // launchers call it).
  bool had_errors = false;
  const bool ok = frontend::run_clang([&] { return host_clang_arguments(path, options); },
                                      std::make_unique<Action>(options, had_errors), options.frontend.records,
                                      options.frontend.verbose);
  return ok && !had_errors;
}

}  // namespace simtc::host

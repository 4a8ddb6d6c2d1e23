// The checker: simt's safety and language rules over the Clang AST of a kernel file.
// Each rule reports Clang-style diagnostics ending in its id, e.g. "[simt-kernel-signature]",
// and the checker runs every rule so that one run shows every problem.
#pragma once

#include <string>
#include <vector>

#include "support/rule_info.hpp"

namespace clang {
class ASTContext;
class FunctionDecl;
}  // namespace clang

namespace simtc::checker {

using RuleInfo = simtc::RuleInfo;

/// Every rule, in the order they run.
const std::vector<RuleInfo>& rule_table();
const RuleInfo* find_rule(const std::string& id);
/// The rule's page under docs/rules/ (Markdown), embedded at build time; null when it has none.
const char* rule_doc(const std::string& id);

struct CheckOptions {
  std::vector<std::string> disabled_rules;  // ids of rules not to run
  std::string arch = "sm_90";               // the target (--arch), for simt-target
  unsigned ptx_version = 80;                // the PTX ISA codegen targets (x10), for the parameter space
};

/// The kernels and every user function they reach through calls and constructions (not simt's
/// headers, not compiler-generated bodies), kernels first.
std::vector<const clang::FunctionDecl*> reachable_functions(clang::ASTContext& context,
                                                            const std::vector<const clang::FunctionDecl*>& kernels);

/// Runs every enabled rule on `kernels` and the device functions they reach. Returns true
/// when no rule reported an error.
bool check(clang::ASTContext& context, const std::vector<const clang::FunctionDecl*>& kernels,
           const CheckOptions& options = {});

}  // namespace simtc::checker

// simtc check --host: the rules on host C++ code, where kernels are launched through the
// generated header's launchers. The file is parsed as the host compiler would (C++20, the
// system's C++ standard library, simt's public headers); each rule then walks its AST.
#pragma once

#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "support/rule_info.hpp"

namespace simtc::host {

using RuleInfo = simtc::RuleInfo;

/// The host rules, in the order they run.
const std::vector<RuleInfo>& rule_table();
const RuleInfo* find_rule(const std::string& id);

struct HostCheckOptions {
  /// -I, -D, extra Clang arguments, colors, where diagnostics go. The simt include directory
  /// is added as a system directory, without the kernel files' standard library shims.
  frontend::FrontendOptions frontend;
  std::vector<std::string> disabled_rules;  // ids of rules not to run
};

/// Parses the host file `path` and runs the host rules on it. Diagnostics (Clang's and the
/// rules') go to stderr in Clang's format, or to `options.frontend.records`. Returns false if
/// any error was reported.
bool check_host_file(const std::string& path, const HostCheckOptions& options);

/// The Clang command line simtc uses for the host file `path` (for --verbose).
std::vector<std::string> host_clang_arguments(const std::string& path, const HostCheckOptions& options);

}  // namespace simtc::host

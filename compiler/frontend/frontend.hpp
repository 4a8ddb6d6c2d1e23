// The frontend: parses a kernel file with Clang (freestanding C++20 for nvptx64), registers
// simt's attributes, finds the kernels and hands the AST to the later Clang-aware stages.
// This header names Clang types only by forward declaration.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FrontendAction;
class FunctionDecl;
}  // namespace clang

namespace simtc {
class DiagnosticRecords;
}  // namespace simtc

namespace simtc::frontend {

struct FrontendOptions {
  std::vector<std::string> include_dirs;  // -I
  std::vector<std::string> defines;       // -D NAME or NAME=VALUE
  std::string simt_include_dir;           // holds simt/kernel.hpp; empty: the default
  std::string resource_dir;               // Clang's resource dir; empty: the default
  bool color = false;                     // colored diagnostics
  bool verbose = false;                   // print Clang's command line to stderr
  DiagnosticRecords* records = nullptr;   // collect the diagnostics here instead of printing them
  std::vector<std::string> extra_args;    // passed to Clang as they are
};

/// Called once per parsed file whose parse produced no errors.
class AstConsumer {
 public:
  virtual ~AstConsumer() = default;
  /// `kernels`: every [[kernel]] function with a body, in source order, including each
  /// explicit instantiation of a kernel template (the template itself is not listed).
  virtual void handle(clang::ASTContext& context,
                      const std::vector<const clang::FunctionDecl*>& kernels) = 0;
};

/// Parses `path` and, when Clang reports no error, runs `consumer` on the AST before it is
/// destroyed. Diagnostics go to stderr in Clang's format (to `options.records` when set).
/// Returns false if any error was reported (by Clang or by the consumer through the context's
/// DiagnosticsEngine).
bool parse_file(const std::string& path, const FrontendOptions& options, AstConsumer& consumer);

/// Runs `action` in one Clang invocation over the command line `make_args()` returns (built on
/// the same thread), on a thread whose stack is large enough for deeply nested code (Clang
/// grows it where it can), with simt's attributes registered. Clang's diagnostics go to
/// `records` when given, else to stderr; `verbose` prints the command line first. Returns
/// whether Clang ran without errors (the action reports its own through its flag).
bool run_clang(const std::function<std::vector<std::string>()>& make_args, std::unique_ptr<clang::FrontendAction> action,
               DiagnosticRecords* records, bool verbose);

/// The Clang command line simtc uses for `path` (for --verbose and for tests).
std::vector<std::string> clang_arguments(const std::string& path, const FrontendOptions& options);

/// Appends what the user adds to either command line (kernel files' and `check --host`'s): the
/// -I directories, -D macros and extra Clang arguments, then -fno-caret-diagnostics where the
/// diagnostics are kept as records, and last the file `path`.
void append_user_arguments(std::vector<std::string>& args, const std::string& path, const FrontendOptions& options);

/// Where simt/kernel.hpp is found: next to the simtc binary (../include) when installed,
/// else the source tree's include/ recorded at build time.
std::string default_simt_include_dir();
std::string default_resource_dir();

/// The annotation our attributes attach ("simt.kernel", "simt.unsafe").
inline constexpr const char* kKernelAnnotation = "simt.kernel";
inline constexpr const char* kUnsafeAnnotation = "simt.unsafe";
/// Prefix of the annotation on declarations that are simt intrinsics ("simt.builtin:tid.x").
inline constexpr const char* kBuiltinAnnotationPrefix = "simt.builtin:";

/// Clang's AST dump of each function (for `simtc inspect --emit=ast`: the kernels and the user
/// functions they call), without colors.
std::string dump_kernels(clang::ASTContext& context,
                         const std::vector<const clang::FunctionDecl*>& kernels);

/// True if `fn` carries [[kernel]] / [[simt::kernel]].
bool is_kernel(const clang::FunctionDecl& fn);

}  // namespace simtc::frontend

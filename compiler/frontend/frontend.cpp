#include "frontend/frontend.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/Stack.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include "frontend/attribute_spelling.hpp"
#include "frontend/diagnostic_hints.hpp"
#include "frontend/attributes.hpp"
#include "frontend/diagnostic.hpp"
#include "frontend/diagnostic_recorder.hpp"
#include "frontend/prefix_pch.hpp"

#ifndef SIMTC_SOURCE_INCLUDE_DIR
#error "SIMTC_SOURCE_INCLUDE_DIR must be defined by the build"
#endif
#ifndef SIMTC_CLANG_RESOURCE_DIR
#error "SIMTC_CLANG_RESOURCE_DIR must be defined by the build"
#endif

namespace simtc::frontend {

bool is_kernel(const clang::FunctionDecl& fn) {
  for (const auto* attr : fn.specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation() == kKernelAnnotation) return true;
  return false;
}

namespace {

class KernelFinder : public clang::RecursiveASTVisitor<KernelFinder> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(clang::FunctionDecl* fn) {
    if (!is_kernel(*fn) || !fn->doesThisDeclarationHaveABody()) return true;
    if (fn->isDependentContext()) {  // the template pattern, not an instantiation
      templates.push_back(fn);
      return true;
    }
    if (fn->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation) return true;
    kernels.push_back(fn);
    return true;
  }

  std::vector<const clang::FunctionDecl*> kernels;
  std::vector<const clang::FunctionDecl*> templates;  // kernel templates (their patterns)
};

class Consumer : public clang::ASTConsumer {
 public:
  explicit Consumer(AstConsumer& user) : user_(user) {}
  void HandleTranslationUnit(clang::ASTContext& context) override {
    if (context.getDiagnostics().hasErrorOccurred()) return;
    KernelFinder finder;
    finder.TraverseDecl(context.getTranslationUnitDecl());
    // Explicit instantiations are visited where they are written; keep source order.
    auto& sm = context.getSourceManager();
    std::stable_sort(finder.kernels.begin(), finder.kernels.end(),
                     [&](const clang::FunctionDecl* a, const clang::FunctionDecl* b) {
                       return sm.isBeforeInTranslationUnit(location(a), location(b));
                     });
    if (finder.kernels.empty()) warn_no_kernel(context, finder.templates);
    user_.handle(context, finder.kernels);
  }

 private:
  // A file with nothing to compile is almost always a mistake (a misspelt [[kernel]] is an
  // error of its own; a forgotten one is this); the file still checks and builds.
  static void warn_no_kernel(clang::ASTContext& context, const std::vector<const clang::FunctionDecl*>& templates) {
    auto& sm = context.getSourceManager();
    std::string file = "the input";
    if (auto entry = sm.getFileEntryRefForID(sm.getMainFileID())) file = "'" + entry->getName().str() + "'";
    auto& diags = context.getDiagnostics();
    if (templates.empty()) {
      warn(diags, {}, "no [[kernel]] function in " + file + "; simtc compiles only functions marked [[kernel]]");
      return;
    }
    warn(diags, {}, "no kernel to compile in " + file +
                        ": simtc compiles a kernel template only where it is explicitly instantiated");
    for (const clang::FunctionDecl* pattern : templates)
      report(diags, pattern->getLocation(), /*is_error=*/false,
             "kernel template '" + pattern->getNameAsString() +
                 "' is never instantiated: add 'template void " + pattern->getNameAsString() + "<...>(...);'");
  }

  static clang::SourceLocation location(const clang::FunctionDecl* fn) {
    if (auto loc = fn->getPointOfInstantiation(); loc.isValid()) return loc;
    return fn->getLocation();
  }
  AstConsumer& user_;
};

// The action belongs to the tooling library, which destroys it before run() returns: what the
// caller reads afterwards lives in the caller (`had_errors`).
class Action : public clang::ASTFrontendAction {
 public:
  Action(AstConsumer& user, bool& had_errors) : user_(user), had_errors_(had_errors) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                        llvm::StringRef) override {
    return std::make_unique<Consumer>(user_);
  }
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    // Misspelt simt attributes: checked on the tokens the parser sees; Clang's own warning
    // for each one reported goes (the filter takes over the engine's printer).
    auto check = std::make_shared<AttributeSpellingCheck>(ci.getPreprocessor());
    ci.getPreprocessor().setTokenWatcher([check](const clang::Token& token) { check->on_token(token); });
    clang::DiagnosticsEngine& diags = ci.getDiagnostics();
    clang::DiagnosticConsumer* printer = diags.getClient();
    std::unique_ptr<clang::DiagnosticConsumer> owned = diags.takeClient();
    auto filter = std::make_unique<AttributeWarningFilter>(printer, std::move(owned), check);
    // Outermost: notes that say what to write after the errors CUDA habits cause.
    clang::DiagnosticConsumer* inner = filter.get();
    diags.setClient(new DiagnosticHints(inner, std::move(filter)), /*ShouldOwnClient=*/true);
    return true;
  }
  void EndSourceFileAction() override {
    had_errors_ = getCompilerInstance().getDiagnostics().hasErrorOccurred();
  }

 private:
  AstConsumer& user_;
  bool& had_errors_;
};

// Nesting of (), [] and {} the frontend takes (Clang's -fbracket-depth), and the stack it runs
// on: room for that many parentheses and the stages after the parser. Pages of the stack
// that are never touched cost nothing.
constexpr unsigned kMaxBracketDepth = 4096;
constexpr unsigned kFrontendStackSize = 64u << 20;
static_assert(kFrontendStackSize >= clang::DesiredStackSize, "Clang wants at least this much stack");

std::string executable_dir() {
  llvm::SmallString<256> exe;
  if (llvm::sys::fs::real_path("/proc/self/exe", exe)) return "";
  return std::string(llvm::sys::path::parent_path(exe));
}

}  // namespace

std::string default_simt_include_dir() {
  std::string dir = executable_dir();
  if (!dir.empty()) {
    llvm::SmallString<256> installed(dir);
    llvm::sys::path::append(installed, "..", "include");
    llvm::SmallString<256> probe(installed);
    llvm::sys::path::append(probe, "simt", "kernel.hpp");
    if (llvm::sys::fs::exists(probe)) {
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(installed, real)) return std::string(real);
    }
  }
  return SIMTC_SOURCE_INCLUDE_DIR;
}

std::string default_resource_dir() { return SIMTC_CLANG_RESOURCE_DIR; }

std::vector<std::string> clang_arguments(const std::string& path, const FrontendOptions& options) {
  std::string include =
      options.simt_include_dir.empty() ? default_simt_include_dir() : options.simt_include_dir;
  std::string resource =
      options.resource_dir.empty() ? default_resource_dir() : options.resource_dir;
  std::vector<std::string> args = {
      "simtc",
      "-fsyntax-only",
      "--target=nvptx64-nvidia-cuda",
      "-x", "c++",
      "-std=c++20",
      // Freestanding: no host standard library, only Clang's own headers and simt's.
      "-ffreestanding", "-nostdinc++", "-nostdlibinc",
      // Parse exceptions and RTTI so that the checker can name them, not Clang.
      "-fcxx-exceptions", "-fexceptions",
      "-D__SIMTC__=1",
      "-fbracket-depth=" + std::to_string(kMaxBracketDepth),
      "-resource-dir", resource,
      "-isystem", include,
      "-isystem", include + "/simt/std",
      // A constant index past a local array's end is an error, as docs/language.md says.
      "-Werror=array-bounds",
      options.color ? "-fcolor-diagnostics" : "-fno-color-diagnostics",
  };
  append_user_arguments(args, path, options);
  return args;
}

void append_user_arguments(std::vector<std::string>& args, const std::string& path, const FrontendOptions& options) {
  for (const auto& dir : options.include_dirs) args.push_back("-I" + dir);
  for (const auto& def : options.defines) args.push_back("-D" + def);
  for (const auto& extra : options.extra_args) args.push_back(extra);
  // Clang prints "N errors generated." to stderr after the diagnostics unless carets are off;
  // with the diagnostics kept as records, nothing of them is printed.
  if (options.records != nullptr) args.push_back("-fno-caret-diagnostics");
  args.push_back(path);
}

namespace {

// The file `#include <simt/kernel.hpp>` finds: the -I directories come first, then simt's own.
std::string kernel_header(const FrontendOptions& options) {
  std::vector<std::string> dirs = options.include_dirs;
  dirs.push_back(options.simt_include_dir.empty() ? default_simt_include_dir() : options.simt_include_dir);
  for (const auto& dir : dirs) {
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "simt", "kernel.hpp");
    if (llvm::sys::fs::is_regular_file(header) && !llvm::sys::fs::make_absolute(header))
      return std::string(header);
  }
  return {};
}

// The precompiled simt/kernel.hpp for Clang's command line `args` (input file last), when the
// file's `text` begins by including it; empty otherwise.
std::string usable_prefix_pch(llvm::StringRef text, const std::vector<std::string>& args,
                              const FrontendOptions& options) {
  std::string cache_dir = pch_cache_dir();
  if (cache_dir.empty()) return {};
  std::string header = kernel_header(options);
  if (header.empty()) return {};
  if (!starts_with_kernel_include(text)) return {};
  // The dependency-file and diagnostic-format options do not change what the header means;
  // the input file is not part of the header's command line.
  std::vector<std::string> header_args;
  for (size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-MD" || args[i] == "-MMD" || args[i] == "-fno-caret-diagnostics" ||
        args[i] == "-fcolor-diagnostics" || args[i] == "-fno-color-diagnostics")
      continue;
    if (args[i] == "-MF" || args[i] == "-MT" || args[i] == "-MQ") {
      ++i;
      continue;
    }
    header_args.push_back(args[i]);
  }
  return prefix_pch(header_args, header, cache_dir);
}

}  // namespace

bool parse_file(const std::string& path, const FrontendOptions& options, AstConsumer& consumer) {
  // A file that cannot be read is one error (Clang's driver would add "no input files" and
  // "unable to handle compilation").
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file) {
    std::string message = "cannot read '" + path + "': " + file.getError().message();
    if (options.records != nullptr) options.records->add(Severity::Error, message, {path, 0, 0});
    else llvm::errs() << "error: " << message << "\n";
    return false;
  }
  const llvm::StringRef text = (*file)->getBuffer();
  bool had_errors = false;
  const bool ok = run_clang(
      [&] {
        std::vector<std::string> args = clang_arguments(path, options);
        if (std::string pch = usable_prefix_pch(text, args, options); !pch.empty())
          args.insert(args.end() - 1, {"-include-pch", pch});
        return args;
      },
      std::make_unique<Action>(consumer, had_errors), options.records, options.verbose);
  return ok && !had_errors;
}

bool run_clang(const std::function<std::vector<std::string>()>& make_args, std::unique_ptr<clang::FrontendAction> action,
               DiagnosticRecords* records, bool verbose) {
  ensure_attributes_registered();
  bool ok = false;
  // Deeply nested code recurses as deep in Clang and in the stages the consumer runs. Clang
  // runs on a thread of its own, whose stack bottom it notes so that Clang grows the stack on
  // demand where it can (templates, constant evaluation). Clang's parser does not for nested
  // brackets (about 7 KiB of stack per parenthesis): the stack is large enough for
  // kMaxBracketDepth of them (clang_arguments), and deeper nesting is Clang's own error.
  llvm::CrashRecoveryContext thread;
  thread.RunSafelyOnThread(
      [&] {
        clang::noteBottomOfStack();
        std::vector<std::string> args = make_args();
        if (verbose) llvm::errs() << llvm::join(args, " ") << "\n";
        auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(),
                                                                    llvm::vfs::getRealFileSystem());
        clang::tooling::ToolInvocation invocation(std::move(args), std::move(action), files.get());
        std::unique_ptr<DiagnosticRecorder> recorder;
        if (records != nullptr) {
          recorder = std::make_unique<DiagnosticRecorder>(*records);
          invocation.setDiagnosticConsumer(recorder.get());
        }
        ok = invocation.run();
      },
      kFrontendStackSize);
  return ok;
}

}  // namespace simtc::frontend

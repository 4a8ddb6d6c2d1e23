#include "frontend/prefix_pch.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/Version.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Serialization/ASTReader.h>
#include <clang/Serialization/ModuleCache.h>
#include <clang/Serialization/PCHContainerOperations.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/xxhash.h>

#include <cstdio>

namespace simtc::frontend {

namespace {

constexpr std::string_view kKernelInclude = "<simt/kernel.hpp>";

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

// Skips whitespace and comments from `i`; false if a comment never ends.
bool skip_space_and_comments(std::string_view text, size_t& i) {
  while (i < text.size()) {
    if (is_blank(text[i]) || text[i] == '\n') {
      ++i;
    } else if (text.substr(i, 2) == "//") {
      // A line comment ends at a newline not preceded by a backslash (a line splice).
      for (i += 2; i < text.size(); ++i)
        if (text[i] == '\n' && text[i - 1] != '\\') break;
    } else if (text.substr(i, 2) == "/*") {
      size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return false;
      i = end + 2;
    } else {
      return true;
    }
  }
  return true;
}

void skip_blanks(std::string_view text, size_t& i) {
  while (i < text.size() && is_blank(text[i])) ++i;
}

// The key of a command line: the PCH is valid only for the Clang that wrote it (its version),
// the simtc that registered the attributes (its executable), and exactly these options.
std::string cache_key(const std::vector<std::string>& args, const std::string& header) {
  std::string text = "simtc-prefix-pch-1\n" + clang::getClangFullRepositoryVersion() + "\n";
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::sys::fs::file_status status;
  if (!exe.empty() && !llvm::sys::fs::status(exe, status)) {
    text += exe + "\n" + std::to_string(status.getSize()) + "\n" +
            std::to_string(llvm::sys::toTimeT(status.getLastModificationTime())) + "\n";
  }
  for (const auto& arg : args) text += arg + '\0';
  text += header;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(llvm::xxh3_64bits(text)));
  return hex;
}

// Every header the PCH was built from still has the modification time it had then. Clang
// checks the same when it loads the PCH, but reports a mismatch as a fatal error; checked
// here, a stale PCH is rebuilt instead.
class FreshnessCheck : public clang::ASTReaderListener {
 public:
  bool needsInputFileVisitation() override { return true; }
  bool needsSystemInputFileVisitation() override { return true; }
  bool visitInputFileAsRequested(llvm::StringRef, llvm::StringRef filename, bool, bool overridden,
                                 time_t stored_time, bool) override {
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(filename, status) ||
        llvm::sys::toTimeT(status.getLastModificationTime()) != stored_time) {
      fresh = false;
      return false;
    }
    return true;
  }
  bool fresh = true;
};

bool is_fresh(const std::string& pch) {
  if (!llvm::sys::fs::exists(pch)) return false;
  clang::FileManager files{clang::FileSystemOptions{}};
  auto cache = clang::createCrossProcessModuleCache();
  clang::RawPCHContainerReader reader;
  FreshnessCheck check;
  bool failed = clang::ASTReader::readASTFileControlBlock(pch, files, *cache, reader,
                                                          /*FindModuleFileExtensions=*/false, check,
                                                          /*ValidateDiagnosticOptions=*/false);
  return !failed && check.fresh;
}

// Counts what the header's compilation reports and prints none of it: the parse without the
// PCH that follows a failed build reports the same errors where they belong.
class Silent : public clang::DiagnosticConsumer {};

// The PCH is simt/kernel.hpp compiled as the main file, so that a diagnostic in a header reads
// the same with the PCH as without ("In file included from k.cpp:1: ... kernel.hpp:16:").
bool build_pch(const std::vector<std::string>& args, const std::string& header, const std::string& cache_dir,
               const std::string& pch) {
  llvm::SmallString<256> model(cache_dir);
  llvm::sys::path::append(model, llvm::sys::path::stem(pch) + "-%%%%%%%%.tmp");
  llvm::SmallString<256> tmp;
  int fd = -1;
  if (llvm::sys::fs::createUniqueFile(model, fd, tmp)) return false;
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);

  std::vector<std::string> command;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-fsyntax-only") continue;
    command.push_back(args[i]);
    if (args[i] == "-x" && i + 1 < args.size()) command.push_back(args[++i] + "-header");
  }
  command.insert(command.end(), {"-o", std::string(tmp), header});

  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(),
                                                              llvm::vfs::getRealFileSystem());
  clang::tooling::ToolInvocation invocation(command, std::make_unique<clang::GeneratePCHAction>(), files.get());
  Silent silent;
  invocation.setDiagnosticConsumer(&silent);
  bool ok = invocation.run() && silent.getNumErrors() == 0 && !llvm::sys::fs::rename(tmp, pch);
  if (!ok) llvm::sys::fs::remove(tmp);
  return ok;
}

}  // namespace

bool starts_with_kernel_include(std::string_view text) {
  size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a UTF-8 byte order mark
  if (!skip_space_and_comments(text, i) || i >= text.size() || text[i] != '#') return false;
  skip_blanks(text, ++i);
  if (text.substr(i, 7) != "include") return false;
  i += 7;
  skip_blanks(text, i);
  if (text.substr(i, kKernelInclude.size()) != kKernelInclude) return false;
  i += kKernelInclude.size();
  skip_blanks(text, i);
  return i == text.size() || text[i] == '\n' || text.substr(i, 2) == "//";
}

std::string pch_cache_dir() {
  if (auto setting = llvm::sys::Process::GetEnv("SIMTC_PCH"); setting && *setting == "0") return {};
  if (auto dir = llvm::sys::Process::GetEnv("SIMTC_CACHE_DIR")) return *dir;
  llvm::SmallString<256> dir;
  if (!llvm::sys::path::cache_directory(dir)) return {};
  llvm::sys::path::append(dir, "simtc");
  return std::string(dir);
}

std::string prefix_pch(const std::vector<std::string>& args, const std::string& header,
                       const std::string& cache_dir) {
  if (cache_dir.empty()) return {};
  llvm::SmallString<256> dir(cache_dir);
  if (llvm::sys::fs::make_absolute(dir)) return {};
  llvm::SmallString<256> pch(dir);
  llvm::sys::path::append(pch, "kernel-" + cache_key(args, header) + ".pch");
  if (is_fresh(std::string(pch))) return std::string(pch);
  if (llvm::sys::fs::create_directories(dir)) return {};
  if (!build_pch(args, header, std::string(dir), std::string(pch))) return {};
  return std::string(pch);
}

}  // namespace simtc::frontend

// Finding the CUDA toolkit's pieces (ptxas, libdevice) and running ptxas on emitted PTX.
#include "codegen/codegen.hpp"

#include <cstdlib>
#include <optional>
#include <vector>

#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#ifndef SIMTC_DEFAULT_PTXAS
#define SIMTC_DEFAULT_PTXAS ""
#endif
#ifndef SIMTC_DEFAULT_LIBDEVICE
#define SIMTC_DEFAULT_LIBDEVICE ""
#endif

namespace simtc::codegen {
namespace {

// The first candidate that exists: what CMake found, then $CUDA_PATH, then /usr/local/cuda.
std::string find_in_toolkit(const char* configured, const std::string& relative) {
  std::vector<std::string> candidates;
  if (configured[0] != '\0') candidates.emplace_back(configured);
  if (const char* cuda = std::getenv("CUDA_PATH"); cuda && cuda[0] != '\0')
    candidates.push_back(std::string(cuda) + "/" + relative);
  candidates.push_back("/usr/local/cuda/" + relative);
  for (const std::string& c : candidates)
    if (llvm::sys::fs::exists(c)) return c;
  return candidates.back();
}

// A scratch file that is removed when this goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  bool ok = false;
  explicit TempFile(llvm::StringRef suffix) {
    ok = !llvm::sys::fs::createTemporaryFile("simtc", suffix, path);
  }
  ~TempFile() {
    if (ok) llvm::sys::fs::remove(path);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
};

}  // namespace

std::string default_ptxas_path() { return find_in_toolkit(SIMTC_DEFAULT_PTXAS, "bin/ptxas"); }

std::string default_libdevice_path() {
  return find_in_toolkit(SIMTC_DEFAULT_LIBDEVICE, "nvvm/libdevice/libdevice.10.bc");
}

PtxasResult run_ptxas(const std::string& ptx, const std::string& arch, bool verbose,
                      const std::string& ptxas_path) {
  PtxasResult result;
  const std::string exe = ptxas_path.empty() ? default_ptxas_path() : ptxas_path;
  if (!llvm::sys::fs::can_execute(exe)) {
    result.output = "ptxas not found at '" + exe + "'";
    return result;
  }
  TempFile input("ptx"), cubin("cubin"), log("log");
  if (!input.ok || !cubin.ok || !log.ok) {
    result.output = "cannot create temporary files for ptxas";
    return result;
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input.path, ec);
    if (ec) {
      result.output = "cannot write '" + std::string(input.path) + "': " + ec.message();
      return result;
    }
    os << ptx;
  }
  std::vector<std::string> args{exe, "-arch=" + arch};
  if (verbose) args.push_back("-v");
  args.insert(args.end(), {"-o", std::string(cubin.path), std::string(input.path)});
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  const std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log.path),
                                                      llvm::StringRef(log.path)};
  std::string error;
  bool failed_to_start = false;
  int rc = llvm::sys::ExecuteAndWait(exe, argv, std::nullopt, redirects, 0, 0, &error, &failed_to_start);
  if (failed_to_start) {
    result.output = "cannot run '" + exe + "': " + error;
    return result;
  }
  result.ran = true;
  result.exit_code = rc;
  if (auto text = llvm::MemoryBuffer::getFile(log.path)) result.output = (*text)->getBuffer().str();
  if (!error.empty()) result.output += error + "\n";
  return result;
}

}  // namespace simtc::codegen

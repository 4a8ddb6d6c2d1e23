// fuzz_pipeline: kernel source text through the whole pipeline, as `simtc build` runs it
// (frontend, checker, irgen, analysis, passes, codegen to PTX). Diagnostics are the expected
// outcome of most inputs. Failures: a crash or an abort (SIMTC_ICE aborts), an exit from
// inside the pipeline (LLVM's fatal errors exit(1)), and "internal compiler error" in what
// simtc printed (the pass pipeline reports a verifier failure that way and returns false).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "driver/compiler.hpp"

namespace {

// The input is written to a file of a scratch directory of this process (the frontend reads
// files); the directory goes away at exit.
class ScratchFile {
 public:
  ScratchFile() {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("simtc-fuzz-pipeline-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    dir_ = dir.string();
    path_ = (dir / "input.cpp").string();
  }
  ~ScratchFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string dir_, path_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ScratchFile scratch;
  {
    std::ofstream out(scratch.path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  // simtc's own messages go to std::cerr: captured to look for the internal-error marker.
  std::ostringstream captured;
  std::streambuf* saved = std::cerr.rdbuf(captured.rdbuf());
  simtc::driver::CompileOptions options;
  std::string ptx;
  simtc::driver::compile_to_ptx(scratch.path(), options, ptx);
  std::cerr.rdbuf(saved);
  const std::string text = captured.str();
  if (text.find("internal compiler error") != std::string::npos) {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fputs("fuzz_pipeline: simtc reported an internal compiler error\n", stderr);
    std::abort();
  }
  return 0;
}

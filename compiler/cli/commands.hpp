// One `simtc` command per file. Each defines its llvm::cl::SubCommand (the accessor below:
// a function-local object, so that the options of other files can name it during static
// initialization) and its options, and runs once main() has parsed them; the return value is
// the process exit code.
#pragma once

#include <string>
#include <vector>

#include <llvm/Support/CommandLine.h>

#include "driver/compiler.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& build_command();     // build.cpp
llvm::cl::SubCommand& check_command();     // check.cpp
llvm::cl::SubCommand& inspect_command();   // inspect.cpp
llvm::cl::SubCommand& pipeline_command();  // pipeline.cpp
llvm::cl::SubCommand& doctor_command();    // doctor.cpp
llvm::cl::SubCommand& new_command();       // new.cpp
llvm::cl::SubCommand& run_command();       // run.cpp
llvm::cl::SubCommand& test_command();      // test.cpp
llvm::cl::SubCommand& sanitize_command();  // sanitize.cpp
llvm::cl::SubCommand& debug_command();     // debug.cpp

int run_build();
int run_check();
int run_inspect();
int run_pipeline();
int run_doctor();
int run_new();
int run_run();
int run_test();
int run_sanitize();
int run_debug();

/// What `simtc build` does, given as data: `simtc run` builds its kernel files with it.
struct BuildRequest {
  driver::CompileOptions options;
  std::vector<std::string> inputs;
  std::string output;   // -o: the PTX ("-" for stdout; empty: <stem>.ptx)
  std::string header;   // --header
  std::string depfile;  // --depfile
  bool ptxas = false;   // --ptxas
  bool resource_usage = false;
};
int build_files(BuildRequest request);

}  // namespace simtc::cli

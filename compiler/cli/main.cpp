// simtc: the command line. Each subcommand lives in its own file (commands.hpp).
#include <cstring>
#include <iostream>

#include "cli/commands.hpp"

#ifndef SIMTC_VERSION
#define SIMTC_VERSION "0.0.0"
#endif

namespace {

void usage(std::ostream& os) {
  os << "usage: simtc <command> [options]\n\n"
     << "Compiles memory-safe C++ GPU kernels ([[kernel]] functions) to PTX.\n\n"
     << "commands:\n"
     << "  build FILE...     compile kernel files to PTX (--header: also the C++ launch header)\n"
     << "  check FILE...     run the safety and language rules only\n"
     << "  inspect FILE      print a pipeline stage (--emit=ast|ir|llvm|ptx)\n"
     << "  pipeline FILE     write every pipeline stage, PTX to SASS, into one folder\n"
     << "  doctor            check the toolchain and the GPU\n"
     << "  new NAME          create a CMake project with a kernel, a host program and a test\n"
     << "  run [DIR|FILE...] build a project (or kernel and host files) for this GPU and run it\n"
     << "  test [DIR]        build a project and run its tests with ctest\n"
     << "  sanitize PROGRAM  run a program under compute-sanitizer; errors name kernel lines\n"
     << "  debug PROGRAM     run a program under cuda-gdb (--batch: to a breakpoint)\n"
     << "  version           print the version\n\n"
     << "'simtc <command> --help' describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  std::string command = argv[1];
  simtc::cli::Args args(argv + 2, argv + argc);
  if (command == "build") return simtc::cli::run_build(args);
  if (command == "check") return simtc::cli::run_check(args);
  if (command == "inspect") return simtc::cli::run_inspect(args);
  if (command == "doctor") return simtc::cli::run_doctor(args);
  if (command == "new") return simtc::cli::run_new(args);
  if (command == "pipeline") return simtc::cli::run_pipeline(args);
  if (command == "run") return simtc::cli::run_run(args);
  if (command == "test") return simtc::cli::run_test(args);
  if (command == "sanitize") return simtc::cli::run_sanitize(args);
  if (command == "debug") return simtc::cli::run_debug(args);
  if (command == "version" || command == "--version") {
    std::cout << "simtc " << SIMTC_VERSION << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    usage(std::cout);
    return 0;
  }
  std::cerr << "simtc: error: unknown command '" << command << "'\n\n";
  usage(std::cerr);
  return 2;
}

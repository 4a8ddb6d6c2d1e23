// One function per `simtc` subcommand, each in its own file. `args` excludes the
// subcommand name; the return value is the process exit code.
#pragma once

#include <string>
#include <vector>

namespace simtc::cli {

using Args = std::vector<std::string>;

int run_build(const Args& args);    // build.cpp
int run_check(const Args& args);    // check.cpp
int run_inspect(const Args& args);  // inspect.cpp
int run_doctor(const Args& args);   // doctor.cpp
int run_new(const Args& args);      // new.cpp
int run_pipeline(const Args& args); // pipeline.cpp
int run_run(const Args& args);      // run.cpp
int run_test(const Args& args);     // test.cpp
int run_sanitize(const Args& args); // sanitize.cpp
int run_debug(const Args& args);    // debug.cpp

}  // namespace simtc::cli

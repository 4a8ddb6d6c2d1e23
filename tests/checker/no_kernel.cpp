// A kernel file without a [[kernel]] function compiles nothing: a warning at the file, from
// check and build alike; the exit status stays 0.
// RUN: %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
#include <simt/kernel.hpp>

void scale(simt::DisjointSlice<float> out, float a) {}

// CHECK: warning: no {{\[\[}}kernel{{\]\]}} function in '{{.*}}no_kernel.cpp'; simtc compiles only functions marked {{\[\[}}kernel{{\]\]}}

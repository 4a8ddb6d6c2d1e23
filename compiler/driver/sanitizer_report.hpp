// `simtc sanitize`: reads compute-sanitizer's report and names each error's kernel and source
// line. Pure functions, so tests assert the digest of a report without a GPU.
#pragma once

#include <string>
#include <vector>

namespace simtc::driver {

struct SanitizerError {
  std::string message;   // "Invalid __global__ read of size 4 bytes", "Race reported between ..."
  std::string kernel;    // the first device frame's function ("saxpy"); "" for an API error
  std::string frame;     // that frame as the report prints it ("saxpy+0x1b0")
  std::string location;  // its source line ("/src/saxpy.cpp:12"); "" without -lineinfo
  std::string thread;    // "thread (31,0,0) in block (3,0,0)" when the report names one
};

struct SanitizerReport {
  std::vector<SanitizerError> errors;
  int summary_errors = -1;    // from "ERROR SUMMARY: N errors" / "RACECHECK SUMMARY: ... (N errors, ..."
  int summary_warnings = 0;   // racecheck's warnings
};

/// Reads a report (the lines compute-sanitizer prefixes with "========="; other lines are
/// ignored). Each error starts at an unindented line; its first device frame is the first
/// "at NAME+0xOFFSET [in FILE:LINE]" (also in the error line itself, as racecheck prints it),
/// host frames aside.
SanitizerReport parse_sanitizer_report(const std::string& text);

/// The digest printed after the report: one line per error
///   "/src/saxpy.cpp:12: error: Invalid __global__ read of size 4 bytes (kernel 'saxpy', thread (31,0,0) in block (3,0,0))"
/// ("saxpy+0x1b0: error: ..." without a source line, "error: ..." without a kernel frame),
/// a warning when kernel frames have no source line (the kernels need -lineinfo), and the
/// summary "simtc sanitize: N errors (TOOL)" or "simtc sanitize: no errors (TOOL)".
std::string format_sanitizer_digest(const SanitizerReport& report, const std::string& tool);

}  // namespace simtc::driver

// The checklist `simtc doctor` prints, as data. Probing the machine (cli/doctor.cpp) fills in
// DoctorFacts; doctor_checks() turns the facts into results and format_report() into text.
// Both are pure, so tests describe a machine (no GPU, a GPU that is too old) and assert the
// exact report without one.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace simtc::driver {

enum class CheckStatus {
  Ok,    // ✓ the check passed
  Fail,  // ✗ a problem; the result carries a fix
  Info,  // i information only (no GPU, no driver): never a failure
};

/// One line of the report (plus a `fix:` line for a failure).
struct CheckResult {
  CheckStatus status = CheckStatus::Ok;
  std::string label;   // what was checked, e.g. "ptxas"
  std::string detail;  // what was found, e.g. "/usr/local/cuda/bin/ptxas (release 13.0, V13.0.88)"
  std::string fix;     // what to do about a failure; empty otherwise
};

/// A file or directory simtc needs, where it was looked for, and its version when it has one.
struct PathProbe {
  std::string path;     // where it was found, or the last place it was looked for
  bool found = false;
  std::string version;  // cuda.h: CUDA_VERSION ("13000"); ptxas: "release 13.0, V13.0.88"
};

/// What the runtime reported about GPU 0.
struct GpuProbe {
  enum class State {
    NoDriver,  // libcuda could not be loaded (simt::DriverNotFound)
    NoDevice,  // the driver reports no device (simt::NoDevice or a device count of 0)
    Error,     // any other runtime error while querying the device
    Found,
  };
  State state = State::NoDriver;
  std::string error;           // the runtime's message when not Found
  int device_count = 0;
  std::string name;            // "NVIDIA H200"
  int compute_capability = 0;  // major * 10 + minor, e.g. 90
  std::size_t memory_bytes = 0;
  int driver_version = 0;      // cuDriverGetVersion, e.g. 13000; 0 when unknown
};

/// The end-to-end self-test: a built-in kernel through compile_to_ptx, then ptxas.
struct SelfTestProbe {
  bool compiled = false;
  std::string compile_error;  // when !compiled
  bool ptxas_ran = false;     // false when ptxas was not found
  bool ptxas_ok = false;
  std::string ptxas_output;   // ptxas's messages when it rejected the PTX
};

/// Everything `simtc doctor` looks at.
struct DoctorFacts {
  std::string simtc_version;  // "0.1.0"
  std::string llvm_version;   // "22.1.8"
  std::string clang_version;  // "22.1.8"
  bool nvptx_registered = false;
  std::string nvptx_error;    // LLVM's reason when not registered
  PathProbe simt_headers;     // simt/kernel.hpp
  PathProbe resource_dir;     // Clang's resource directory (builtin headers)
  PathProbe cuda_h;           // the CUDA toolkit's include/cuda.h
  PathProbe ptxas;
  PathProbe libdevice;        // nvvm/libdevice/libdevice.10.bc
  bool libcuda_loadable = false;
  std::string libcuda_name = "libcuda.so.1";  // what was dlopen'd ($SIMT_CUDA_DRIVER when set)
  std::string libcuda_error;  // dlerror() when not loadable
  GpuProbe gpu;
  SelfTestProbe self_test;
};

/// The results, in report order. LLVM and Clang must be major version 22, the GPU compute
/// capability 8.0 or newer; no driver or no GPU is information, not a failure.
std::vector<CheckResult> doctor_checks(const DoctorFacts& facts);

/// The report: one line per result ("✓ label  detail"; labels padded to one column), a
/// "    fix: ..." line after each failure, then a blank line and a summary line.
std::string format_report(const std::vector<CheckResult>& results);

/// 1 when any result failed, else 0.
int doctor_exit_code(const std::vector<CheckResult>& results);

/// The source of the self-test's kernel (a saxpy in the safe subset).
const char* doctor_self_test_kernel();

}  // namespace simtc::driver

// simt IR -> LLVM IR (nvptx64-nvidia-cuda) -> PTX. The only stage that sees LLVM; nothing of
// LLVM appears in this header.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "ir/module.hpp"
#include "support/diagnostics.hpp"

namespace simtc::codegen {

struct TargetOptions {
  std::string arch = "sm_90";  // sm_75 ... sm_121f: every SM that LLVM 22's NVPTX knows and ptxas 13 takes
  unsigned ptx_version = 0;    // 0: the default (8.0, or the arch's minimum when that is newer); else 78, 80, ...
  int opt_level = 3;           // 0..3
  bool fmad = true;            // contract a*b+c into fma (nvcc's --fmad)
  bool fast_math = false;      // nvcc's --use_fast_math: ftz, approximate div/sqrt/transcendentals
  bool line_info = false;      // -lineinfo: .file/.loc directives from the IR's source locations
  bool debug_info = false;     // -g: DWARF for the debugger (line tables, functions, variables)
  bool fault_report = true;    // record a failed check's site and values for the host (fault_sites.cpp)
  std::string libdevice_path;  // empty: default_libdevice_path()
};

/// "" when arch and PTX version are a pair that LLVM 22's NVPTX backend supports and the PTX
/// ISA is at most 9.0; otherwise a user-facing message such as
/// "--arch sm_90a needs PTX ISA 8.0 or newer, got 7.8". Every entry point below checks it
/// before making a target machine (a bad pair is a fatal error inside LLVM).
std::string check_target(const TargetOptions& options);

/// The PTX ISA version (e.g. 80 for 8.0) that `options` selects once its default is applied;
/// 0 when the arch is unknown.
unsigned effective_ptx_version(const TargetOptions& options);

/// IR -> LLVM IR text: lowered, verified, libdevice linked when used, and optimized at
/// options.opt_level when `optimize`. Errors go to `diags`; returns false on error.
bool emit_llvm(const ir::Module& module, const TargetOptions& options, bool optimize,
               std::string& out, DiagnosticSink& diags);

/// Called as each step of emit_ptx ends ("lowering", "LLVM optimization", "codegen"), so that
/// the caller can time it (--verbose).
using StepDone = std::function<void(const char* step)>;

/// IR -> PTX text (always through the opt_level pipeline). Returns false on error.
bool emit_ptx(const ir::Module& module, const TargetOptions& options, std::string& out,
              DiagnosticSink& diags, const StepDone& step_done = {});

/// Kernels whose shared variables take more than the 48 KiB of static shared memory a block may
/// declare: those variables live in the launch's dynamic shared memory instead, at fixed offsets
/// (shared_layout.cpp). The generated header loads such a kernel with its bytes, and the runtime
/// adds them to every launch.
struct DynamicSharedPlan {
  std::map<std::string, std::uint64_t> kernels;         // kernel (entry) name -> bytes moved
  std::map<const ir::Global*, std::uint64_t> offsets;  // variable -> offset in dynamic shared memory
  unsigned align = 16;                                 // the alignment the dynamic memory needs
};

/// The plan for `module` on `arch`. With `diags`, reports what cannot be placed: a kernel over
/// the arch's limit, one that also takes dynamic shared memory, a variable two kernels share.
DynamicSharedPlan plan_dynamic_shared(const ir::Module& module, const std::string& arch, DiagnosticSink* diags);

/// The shared memory a thread block may have on `arch` with the opt-in (227 KiB on sm_90).
std::uint64_t max_shared_per_block(const std::string& arch);

struct PtxasResult {
  bool ran = false;    // false when ptxas was not found or could not be started
  int exit_code = -1;
  std::string output;  // ptxas's stdout and stderr
};

/// Assembles `ptx` with ptxas -arch=<arch> (plus -v when `verbose`) into a scratch file that
/// is deleted afterwards. An empty `ptxas_path` means default_ptxas_path().
PtxasResult run_ptxas(const std::string& ptx, const std::string& arch, bool verbose = false,
                      const std::string& ptxas_path = "");

/// The first that exists of: the ptxas CMake found (SIMTC_PTXAS), $CUDA_PATH/bin/ptxas,
/// /usr/local/cuda/bin/ptxas (the last one when none does).
std::string default_ptxas_path();
/// The same search for nvvm/libdevice/libdevice.10.bc.
std::string default_libdevice_path();

}  // namespace simtc::codegen

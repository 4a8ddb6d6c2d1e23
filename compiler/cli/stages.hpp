// What inspect, pipeline and build share: the text of a pipeline stage, and ptxas's
// resource report per kernel (build --resource-usage, pipeline --resource-usage).
#pragma once

#include <string>
#include <vector>

#include "driver/compiler.hpp"
#include "ir/printer.hpp"

namespace simtc::cli {

/// The analysis view of every kernel of `module` (calls inlined, locals promoted), printed.
std::string analysis_view_text(const ir::Module& module, const driver::CompileOptions& options,
                               const ir::PrintOptions& print_options);

/// `emit` = "llvm-unopt", "llvm" or "ptx": the module through codegen, as text. Diagnostics
/// go to stderr; false on error.
bool codegen_text(const ir::Module& module, const codegen::TargetOptions& target, const std::string& emit,
                  std::string& text);

/// One kernel's line of `ptxas -v`'s report.
struct KernelResources {
  std::string entry;  // the PTX entry name
  std::string arch;   // "sm_90"
  long registers = 0, stack_frame = 0, spill_stores = 0, spill_loads = 0, shared = 0, constant = 0;
};

/// Reads the output of `ptxas -v` ("Compiling entry function 'saxpy' for 'sm_90'",
/// "Function properties for saxpy", "0 bytes stack frame, ...", "Used 10 registers, ...,
/// 1024 bytes smem, 380 bytes cmem[0]"), one entry per kernel in ptxas's order.
std::vector<KernelResources> parse_ptxas_report(const std::string& output);

/// One line per kernel: "saxpy.cpp: kernel 'saxpy': 10 registers, 0 bytes stack frame,
/// 0 bytes spill stores, 0 bytes spill loads, 0 bytes shared memory, 0 bytes constant memory
/// (sm_90)". Kernels are named as in C++ (from `module`), with " (entry NAME)" added when the
/// PTX entry is named otherwise (template instances).
std::string format_resource_usage(const std::vector<KernelResources>& kernels, const ir::Module& module,
                                  const std::string& source);

/// ptxas's advice about the code it was given, one entry per line of it: its coded notes
/// ("ptxas info    : (C7518) Potential Performance Loss: wgmma.mma_async instructions are
/// serialized ...", as "(C7518) Potential Performance Loss: ...") and its warnings
/// ("ptxas warning : ...", as their text).
std::vector<std::string> ptxas_advisories(const std::string& output);

/// Prints each of ptxas_advisories(output) as "simtc <command>: warning: ptxas, for the PTX of
/// <source>: <advice>" on stderr.
void report_ptxas_advisories(const std::string& command, const std::string& source, const std::string& output);

/// Runs `ptxas -v` on `ptx` for `arch` and returns format_resource_usage()'s lines; on failure
/// prints "simtc <command>: error: ..." and returns false.
bool resource_usage(const std::string& command, const std::string& ptx, const std::string& arch,
                    const ir::Module& module, const std::string& source, std::string& lines);

}  // namespace simtc::cli

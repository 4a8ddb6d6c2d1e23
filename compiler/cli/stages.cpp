#include "cli/stages.hpp"

#include <iostream>
#include <regex>
#include <sstream>

#include "analysis/view.hpp"
#include "cli/tools.hpp"

namespace simtc::cli {

std::string analysis_view_text(const ir::Module& module, const driver::CompileOptions& options,
                               const ir::PrintOptions& print_options) {
  analysis::AnalysisView view = analysis::build_analysis_view(module, options.analysis.view);
  std::string text;
  for (const analysis::KernelView& kernel : view.kernels) {
    if (!text.empty()) text += "\n";
    text += ir::print(*kernel.function, print_options);
  }
  return text;
}

bool codegen_text(const ir::Module& module, const codegen::TargetOptions& target, const std::string& emit,
                  std::string& text) {
  DiagnosticSink diags;
  bool ok = emit == "ptx" ? codegen::emit_ptx(module, target, text, diags)
                          : codegen::emit_llvm(module, target, emit == "llvm", text, diags);
  diags.print(std::cerr, module.files());
  return ok && !diags.has_errors();
}

std::vector<KernelResources> parse_ptxas_report(const std::string& output) {
  static const std::regex entry(R"(Compiling entry function '([^']+)' for '([^']+)')");
  static const std::regex properties(R"(Function properties for (\S+))");
  static const std::regex frame(R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  static const std::regex used(R"(Used (\d+) registers)");
  static const std::regex smem(R"((\d+) bytes smem)");
  static const std::regex cmem(R"((\d+) bytes cmem\[\d+\])");
  std::vector<KernelResources> kernels;
  std::istringstream lines(output);
  std::string line;
  std::smatch match;
  // The function the last "Function properties for" line named: a kernel's stack frame and
  // spills are on the line after its own, not after a device function's (the fault report's).
  std::string properties_of;
  while (std::getline(lines, line)) {
    if (std::regex_search(line, match, entry)) {
      kernels.push_back({match[1], match[2]});
      continue;
    }
    if (std::regex_search(line, match, properties)) {
      properties_of = match[1];
      continue;
    }
    if (kernels.empty()) continue;
    KernelResources& kernel = kernels.back();
    if (std::regex_search(line, match, frame) && properties_of == kernel.entry) {
      kernel.stack_frame = std::stol(match[1]);
      kernel.spill_stores = std::stol(match[2]);
      kernel.spill_loads = std::stol(match[3]);
    }
    if (std::regex_search(line, match, used)) {
      kernel.registers = std::stol(match[1]);
      if (std::regex_search(line, match, smem)) kernel.shared = std::stol(match[1]);
      for (std::sregex_iterator it(line.begin(), line.end(), cmem), end; it != end; ++it)
        kernel.constant += std::stol((*it)[1]);
    }
  }
  return kernels;
}

std::string format_resource_usage(const std::vector<KernelResources>& kernels, const ir::Module& module,
                                  const std::string& source) {
  std::string file = source.substr(source.find_last_of('/') + 1);
  std::ostringstream out;
  for (const KernelResources& kernel : kernels) {
    // Shared variables over the 48 KiB of static shared memory are in the launch's dynamic shared
    // memory, which ptxas does not see: added here, and said.
    const codegen::DynamicSharedPlan plan = codegen::plan_dynamic_shared(module, kernel.arch, nullptr);
    const auto moved = plan.kernels.find(kernel.entry);
    const std::uint64_t in_dynamic = moved == plan.kernels.end() ? 0 : moved->second;
    const ir::Function* fn = module.find_function(kernel.entry);
    std::string name = fn != nullptr && !fn->signature().cpp_name.empty() ? fn->signature().cpp_name : kernel.entry;
    out << file << ": kernel '" << name << "'" << (name != kernel.entry ? " (entry " + kernel.entry + ")" : "")
        << ": " << kernel.registers << " registers, " << kernel.stack_frame << " bytes stack frame, "
        << kernel.spill_stores << " bytes spill stores, " << kernel.spill_loads << " bytes spill loads, "
        << kernel.shared + in_dynamic << " bytes shared memory"
        << (in_dynamic != 0 ? " (" + std::to_string(in_dynamic) + " of them in dynamic shared memory)" : "") << ", "
        << kernel.constant << " bytes constant memory ("
        << kernel.arch << ")\n";
  }
  return out.str();
}

std::vector<std::string> ptxas_advisories(const std::string& output) {
  static const std::regex coded(R"(^ptxas info\s*:\s*(\(C[0-9]+\).*\S)\s*$)");
  static const std::regex warning(R"(^ptxas warning\s*:\s*(.*\S)\s*$)");
  std::vector<std::string> advice;
  std::istringstream in(output);
  std::string line;
  std::smatch match;
  while (std::getline(in, line))
    if (std::regex_match(line, match, coded) || std::regex_match(line, match, warning)) advice.push_back(match[1]);
  return advice;
}

void report_ptxas_advisories(const std::string& command, const std::string& source, const std::string& output) {
  for (const std::string& advice : ptxas_advisories(output))
    std::cerr << "simtc " << command << ": warning: ptxas, for the PTX of " << source << ": " << advice << "\n";
}

bool resource_usage(const std::string& command, const std::string& ptx, const std::string& arch,
                    const ir::Module& module, const std::string& source, std::string& lines) {
  codegen::PtxasResult result = codegen::run_ptxas(ptx, arch, /*verbose=*/true);
  if (!result.ran) {
    std::cerr << "simtc " << command << ": error: --resource-usage needs ptxas: " << result.output << "\n"
              << "  fix: " << toolkit_fix("ptxas") << "\n";
    return false;
  }
  if (result.exit_code != 0) {
    std::cerr << "simtc " << command << ": error: ptxas rejected the PTX of " << source << ":\n" << result.output;
    return false;
  }
  report_ptxas_advisories(command, source, result.output);
  lines = format_resource_usage(parse_ptxas_report(result.output), module, source);
  return true;
}

}  // namespace simtc::cli

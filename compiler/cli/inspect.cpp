// simtc inspect FILE --emit=ast|ir|llvm|ptx : any stage of the pipeline.
#include <iostream>
#include <sstream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/stages.hpp"
#include "ir/printer.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& inspect_command() {
  static llvm::cl::SubCommand command("inspect", "print one stage of the pipeline for a kernel file");
  return command;
}

namespace {

namespace cl = llvm::cl;

cl::OptionCategory inspect_category("Inspect options");
cl::list<std::string> inputs_flag(cl::Positional, cl::desc("FILE"), cl::sub(inspect_command()));
cl::opt<std::string> output_flag("o", cl::desc("write the stage to FILE instead of standard output"),
                                 cl::value_desc("FILE"), cl::cat(inspect_category), cl::sub(inspect_command()));
cl::opt<std::string> emit_flag("emit",
                               cl::desc("the stage: ast (Clang's AST of the kernels), ir-unopt (simt IR as irgen "
                                        "produced it), ir-view (the analysis view: calls inlined, locals promoted), "
                                        "ir (after simtc's passes; the default), llvm-unopt, llvm (after "
                                        "optimization), ptx"),
                               cl::value_desc("STAGE"), cl::init("ir"), cl::cat(inspect_category),
                               cl::sub(inspect_command()));
cl::opt<bool> locations_flag("locations", cl::desc("print source locations in the simt IR"),
                             cl::cat(inspect_category), cl::sub(inspect_command()));

}  // namespace

int run_inspect() {
  driver::CompileOptions options;
  const std::string output = output_flag;
  if (std::optional<std::string> error = read_compile_options(options)) return usage_error("inspect", *error);
  if (inputs_flag.size() != 1)
    return usage_error("inspect", "expected one input file, got " + std::to_string(inputs_flag.size()));
  const std::string& input = inputs_flag.front();
  const std::string emit = emit_flag;
  ir::PrintOptions print_options;
  print_options.locations = locations_flag;
  if (emit == "ast") {
    std::ostringstream out;
    if (!driver::dump_ast(input, options, out)) return 1;
    return write_output(output, out.str()) ? 0 : 1;
  }
  if (emit != "ir" && emit != "ir-unopt" && emit != "ir-view" && emit != "llvm" && emit != "llvm-unopt" && emit != "ptx") {
    return usage_error("inspect", "unknown --emit '" + emit +
                                      "' (expected ast, ir, ir-unopt, ir-view, llvm, llvm-unopt or ptx)");
  }
  std::unique_ptr<ir::Module> module = driver::lower_file(input, options);
  if (module == nullptr) return 1;
  if (emit == "ir-unopt") return write_output(output, ir::print(*module, print_options)) ? 0 : 1;
  if (emit == "ir-view")
    return write_output(output, analysis_view_text(*module, options, print_options)) ? 0 : 1;
  if (!driver::run_passes(*module, options, std::cerr)) return 1;
  if (emit == "ir") return write_output(output, ir::print(*module, print_options)) ? 0 : 1;
  std::string text;
  if (!codegen_text(*module, options.target, emit, text)) return 1;
  return write_output(output, text) ? 0 : 1;
}

}  // namespace simtc::cli

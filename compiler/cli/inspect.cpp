// simtc inspect FILE --emit=ast|ir|llvm|ptx : any stage of the pipeline.
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/stages.hpp"
#include "ir/printer.hpp"

namespace simtc::cli {

int run_inspect(const Args& args) {
  CompileFlags flags;
  if (auto error = parse_compile_flags(args, flags, {"--locations"})) {
    std::cerr << "simtc inspect: error: " << *error << "\n";
    return 2;
  }
  if (flags.help) {
    std::cout << "usage: simtc inspect FILE --emit=ast|ir|ir-unopt|ir-view|llvm|llvm-unopt|ptx [options]\n\n"
              << "Prints one stage of the pipeline for a kernel file:\n"
              << "  ast         Clang's AST of the kernels\n"
              << "  ir-unopt    simt IR as irgen produced it\n"
              << "  ir-view     the analysis view of the kernels (calls inlined, locals promoted)\n"
              << "  ir          simt IR after simtc's passes (what codegen receives)\n"
              << "  llvm-unopt  LLVM IR before optimization\n"
              << "  llvm        LLVM IR after optimization\n"
              << "  ptx         PTX\n\n"
              << "  --locations           print source locations in the simt IR\n"
              << compile_flags_help();
    return 0;
  }
  if (flags.inputs.size() != 1) {
    std::cerr << "simtc inspect: error: expected one input file, got " << flags.inputs.size() << "\n";
    return 2;
  }
  const std::string& input = flags.inputs.front();
  const std::string emit = flags.emit.empty() ? "ir" : flags.emit;
  ir::PrintOptions print_options;
  for (const std::string& arg : flags.rest)
    if (arg == "--locations") print_options.locations = true;

  if (emit == "ast") {
    std::ostringstream out;
    if (!driver::dump_ast(input, flags.options, out)) return 1;
    return write_output(flags.output, out.str()) ? 0 : 1;
  }
  if (emit != "ir" && emit != "ir-unopt" && emit != "ir-view" && emit != "llvm" && emit != "llvm-unopt" && emit != "ptx") {
    std::cerr << "simtc inspect: error: unknown --emit '" << emit
              << "' (expected ast, ir, ir-unopt, ir-view, llvm, llvm-unopt or ptx)\n";
    return 2;
  }
  std::unique_ptr<ir::Module> module = driver::lower_file(input, flags.options);
  if (module == nullptr) return 1;
  if (emit == "ir-unopt") return write_output(flags.output, ir::print(*module, print_options)) ? 0 : 1;
  if (emit == "ir-view")
    return write_output(flags.output, analysis_view_text(*module, flags.options, print_options)) ? 0 : 1;
  if (!driver::run_passes(*module, flags.options, std::cerr)) return 1;
  if (emit == "ir") return write_output(flags.output, ir::print(*module, print_options)) ? 0 : 1;
  std::string text;
  if (!codegen_text(*module, flags.options.target, emit, text)) return 1;
  return write_output(flags.output, text) ? 0 : 1;
}

}  // namespace simtc::cli

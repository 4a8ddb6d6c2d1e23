// simtc build FILE... : kernel files to PTX (and the generated header).
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/stages.hpp"
#include "driver/header_gen.hpp"
#include "driver/stage_clock.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& build_command() {
  static llvm::cl::SubCommand command(
      "build",
      "compile kernel files to PTX (--header: also the C++ header with a typed launch method per kernel)");
  return command;
}

namespace {

namespace cl = llvm::cl;

cl::OptionCategory output_category("Output options");
cl::list<std::string> inputs_flag(cl::Positional, cl::desc("FILE..."), cl::sub(build_command()));
cl::opt<std::string> output_flag("o", cl::desc("the PTX output ('-' for stdout; default <stem>.ptx)"),
                            cl::value_desc("FILE"), cl::cat(output_category), cl::sub(build_command()));
cl::opt<std::string> header_flag("header", cl::desc("also write the generated C++ header"), cl::value_desc("FILE"),
                            cl::cat(output_category), cl::sub(build_command()));
cl::opt<std::string> depfile_flag("depfile",
                             cl::desc("also write a Makefile-style depfile: the PTX output depends on the input "
                                      "and every header it includes (for build systems)"),
                             cl::value_desc("FILE"), cl::cat(output_category), cl::sub(build_command()));
cl::opt<bool> ptxas_flag("ptxas", cl::desc("assemble the PTX with ptxas to validate it"), cl::cat(output_category),
                    cl::sub(build_command()));
cl::opt<bool> resource_usage_flag("resource-usage",
                             cl::desc("print each kernel's registers, stack, spills, shared and constant memory "
                                      "as ptxas reports them for --arch (needs ptxas)"),
                             cl::cat(output_category), cl::sub(build_command()));

std::string default_output(const std::string& input) {
  std::string name = input.substr(input.find_last_of('/') + 1);
  if (auto dot = name.rfind('.'); dot != std::string::npos) name.resize(dot);
  return name + ".ptx";
}

// True when writing `output` would overwrite `input` (the same file, by any path).
bool same_file(const std::string& input, const std::string& output) {
  if (output == "-" || output.empty()) return false;
  std::error_code ec, in_ec, out_ec;
  if (std::filesystem::equivalent(input, output, ec)) return true;
  const std::filesystem::path in = std::filesystem::weakly_canonical(input, in_ec);
  const std::filesystem::path out = std::filesystem::weakly_canonical(output, out_ec);
  return !in_ec && !out_ec && in == out;
}

}  // namespace

int run_build() {
  BuildRequest request;
  if (std::optional<std::string> error = read_compile_options(request.options)) return usage_error("build", *error);
  request.inputs.assign(inputs_flag.begin(), inputs_flag.end());
  request.output = output_flag;
  request.header = header_flag;
  request.depfile = depfile_flag;
  request.ptxas = ptxas_flag;
  request.resource_usage = resource_usage_flag;
  return build_files(std::move(request));
}

int build_files(BuildRequest request) {
  if (request.inputs.empty()) return usage_error("build", "no input file (try 'simtc build --help')");
  const std::string& depfile = request.depfile;
  if (request.inputs.size() > 1 && (!request.output.empty() || !request.header.empty() || !depfile.empty()))
    return usage_error("build", "-o, --header and --depfile take one input file, got " +
                                    std::to_string(request.inputs.size()));
  for (const std::string& input : request.inputs) {
    std::string output = request.output.empty() ? default_output(input) : request.output;
    const std::string* outputs[] = {&output, &request.header, &depfile};
    for (const std::string* out : outputs)
      if (same_file(input, *out)) {
        return usage_error("build", "the output '" + *out + "' is the input file '" + input +
                                        "'; choose another output name");
      }
  }
  if (!depfile.empty()) {
    // Clang writes the depfile while it parses (it does under -fsyntax-only too); -MD keeps
    // the system headers, which is where simt's own headers sit (-isystem).
    std::string target = request.output.empty() ? default_output(request.inputs.front()) : request.output;
    for (const char* arg : {"-MD", "-MF"}) request.options.frontend.extra_args.push_back(arg);
    request.options.frontend.extra_args.push_back(depfile);
    request.options.frontend.extra_args.push_back("-MT");
    request.options.frontend.extra_args.push_back(target);
  }
  const bool resources = request.resource_usage;
  int status = 0;
  for (const std::string& input : request.inputs) {
    std::string ptx;
    std::unique_ptr<ir::Module> module;
    if (!driver::compile_to_ptx(input, request.options, ptx, &module)) {
      status = 1;
      continue;
    }
    driver::StageClock clock(request.options.frontend.verbose);
    // --resource-usage runs ptxas itself (with -v), and fails the same way when ptxas rejects
    // the PTX: --ptxas then needs no run of its own.
    if (request.ptxas && !resources) {
      codegen::PtxasResult result = codegen::run_ptxas(ptx, request.options.target.arch);
      clock.lap("ptxas");
      if (!result.ran) {
        std::cerr << "simtc build: error: --ptxas given but ptxas was not found ("
                  << codegen::default_ptxas_path() << ")\n";
        status = 1;
        continue;
      }
      if (result.exit_code != 0) {
        std::cerr << "simtc build: error: ptxas rejected the PTX of " << input << ":\n" << result.output;
        status = 1;
        continue;
      }
      report_ptxas_advisories("build", input, result.output);
    }
    if (resources) {
      std::string lines;
      const bool measured = resource_usage("build", ptx, request.options.target.arch, *module, input, lines);
      clock.lap("ptxas");
      if (!measured) {
        status = 1;
        continue;
      }
      std::cout << lines;
    }
    std::string output = request.output.empty() ? default_output(input) : request.output;
    if (!write_output(output, ptx)) {
      status = 1;
      continue;
    }
    if (!request.header.empty()) {
      driver::HeaderOptions header;
      header.source_name = input;
      header.shared_in_dynamic = codegen::plan_dynamic_shared(*module, request.options.target.arch, nullptr).kernels;
      if (!write_output(request.header, driver::generate_header(*module, ptx, header))) status = 1;
    }
  }
  return status;
}

}  // namespace simtc::cli

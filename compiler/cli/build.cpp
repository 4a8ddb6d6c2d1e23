// simtc build FILE... : kernel files to PTX (and the generated header).
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/stages.hpp"
#include "driver/header_gen.hpp"

namespace simtc::cli {
namespace {

std::string default_output(const std::string& input) {
  std::string name = input.substr(input.find_last_of('/') + 1);
  if (auto dot = name.rfind('.'); dot != std::string::npos) name.resize(dot);
  return name + ".ptx";
}

// Takes "--depfile FILE" / "--depfile=FILE" out of `args` (build's own flag; the shared
// parser would read a separate FILE as an input). Returns false when FILE is missing.
bool take_depfile(Args& args, std::string& depfile) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--depfile") {
      if (i + 1 >= args.size()) return false;
      depfile = args[i + 1];
      args.erase(args.begin() + long(i), args.begin() + long(i) + 2);
      --i;
    } else if (args[i].rfind("--depfile=", 0) == 0) {
      depfile = args[i].substr(10);
      args.erase(args.begin() + long(i));
      --i;
    }
  }
  return true;
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

int run_build(const Args& raw_args) {
  Args args = raw_args;
  std::string depfile;
  if (!take_depfile(args, depfile) || (depfile.empty() && args != raw_args)) {
    std::cerr << "simtc build: error: missing file after '--depfile'\n";
    return 2;
  }
  CompileFlags flags;
  if (auto error = parse_compile_flags(args, flags, {"--resource-usage"})) {
    std::cerr << "simtc build: error: " << *error << "\n";
    return 2;
  }
  if (flags.help) {
    std::cout << "usage: simtc build FILE... [-o OUT.ptx] [--header OUT.hpp] [options]\n\n"
              << "Compiles kernel files to PTX; with --header, also writes the C++ header that\n"
              << "embeds the PTX and declares a typed launch method per kernel.\n\n"
              << compile_flags_help()
              << "  --depfile FILE        also write a Makefile-style depfile: the PTX output depends\n"
              << "                        on the input and every header it includes (for build systems)\n"
              << "  --resource-usage      print each kernel's registers, stack, spills, shared and constant\n"
              << "                        memory as ptxas reports them for --arch (needs ptxas)\n";
    return 0;
  }
  if (flags.inputs.empty()) {
    std::cerr << "simtc build: error: no input file (try 'simtc build --help')\n";
    return 2;
  }
  if (flags.inputs.size() > 1 && (!flags.output.empty() || !flags.header.empty() || !depfile.empty())) {
    std::cerr << "simtc build: error: -o, --header and --depfile take one input file, got "
              << flags.inputs.size() << "\n";
    return 2;
  }
  for (const std::string& input : flags.inputs) {
    std::string output = flags.output.empty() ? default_output(input) : flags.output;
    for (const std::string* out : {&output, &flags.header, &depfile})
      if (same_file(input, *out)) {
        std::cerr << "simtc build: error: the output '" << *out << "' is the input file '" << input
                  << "'; choose another output name\n";
        return 2;
      }
  }
  if (!depfile.empty()) {
    // Clang writes the depfile while it parses (it does under -fsyntax-only too); -MD keeps
    // the system headers, which is where simt's own headers sit (-isystem).
    std::string target = flags.output.empty() ? default_output(flags.inputs.front()) : flags.output;
    for (const char* arg : {"-MD", "-MF"}) flags.options.frontend.extra_args.push_back(arg);
    flags.options.frontend.extra_args.push_back(depfile);
    flags.options.frontend.extra_args.push_back("-MT");
    flags.options.frontend.extra_args.push_back(target);
  }
  const bool resources = !flags.rest.empty();  // --resource-usage, the one extra flag
  int status = 0;
  for (const std::string& input : flags.inputs) {
    std::string ptx;
    std::unique_ptr<ir::Module> module;
    if (!driver::compile_to_ptx(input, flags.options, ptx, &module)) {
      status = 1;
      continue;
    }
    if (flags.ptxas) {
      codegen::PtxasResult result = codegen::run_ptxas(ptx, flags.options.target.arch);
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
    }
    if (resources) {
      std::string lines;
      if (!resource_usage("build", ptx, flags.options.target.arch, *module, input, lines)) {
        status = 1;
        continue;
      }
      std::cout << lines;
    }
    std::string output = flags.output.empty() ? default_output(input) : flags.output;
    if (!write_output(output, ptx)) {
      status = 1;
      continue;
    }
    if (!flags.header.empty()) {
      driver::HeaderOptions header;
      header.source_name = input;
      if (!write_output(flags.header, driver::generate_header(*module, ptx, header))) status = 1;
    }
  }
  return status;
}

}  // namespace simtc::cli

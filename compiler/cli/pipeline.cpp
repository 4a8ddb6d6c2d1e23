// simtc pipeline FILE [-o DIR] : every stage's output for a kernel file, in one folder, the
// files numbered in pipeline order, with an index.txt naming each file's stage.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <regex>
#include <sstream>
#include <system_error>

#include <llvm/Support/FileSystem.h>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/stages.hpp"
#include "cli/tools.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& pipeline_command() {
  static llvm::cl::SubCommand command(
      "pipeline",
      "write every stage of the pipeline for a kernel file, AST to SASS, into one folder (default <stem>.pipeline/)");
  return command;
}

namespace {

namespace fs = std::filesystem;
namespace cl = llvm::cl;

cl::OptionCategory pipeline_category("Pipeline options");
cl::list<std::string> inputs_flag(cl::Positional, cl::desc("FILE"), cl::sub(pipeline_command()));
cl::opt<std::string> output_flag("o", cl::desc("the folder (created; earlier NN-* files in it are removed)"),
                                 cl::value_desc("DIR"), cl::cat(pipeline_category), cl::sub(pipeline_command()));
cl::opt<bool> resource_usage_flag("resource-usage",
                                  cl::desc("print each kernel's registers, stack, spills, shared and constant "
                                           "memory as ptxas reports them"),
                                  cl::cat(pipeline_category), cl::sub(pipeline_command()));
cl::opt<bool> locations_flag("locations", cl::desc("print source locations in the simt IR"),
                             cl::cat(pipeline_category), cl::sub(pipeline_command()));
// build's options that pipeline does itself: the error says so (rather than "unknown option").
cl::opt<std::string> misplaced_header("header", cl::ReallyHidden, cl::sub(pipeline_command()));
cl::opt<bool> misplaced_ptxas("ptxas", cl::ReallyHidden, cl::sub(pipeline_command()));

// The folder being filled: each stage gets the next number.
class Folder {
 public:
  explicit Folder(fs::path dir) : dir_(std::move(dir)) {}

  // The path of the next stage's file "<NN>-<name>", recorded in the index.
  std::string add(const std::string& name, const std::string& what) {
    char number[8];
    std::snprintf(number, sizeof number, "%02zu-", entries_.size());
    entries_.push_back({number + name, what});
    return (dir_ / entries_.back().first).string();
  }
  bool write(const std::string& name, const std::string& what, const std::string& text) {
    return write_output(add(name, what), text);
  }
  // index.txt, and the same list on stdout.
  bool finish() {
    std::string index;
    for (const auto& [file, what] : entries_) {
      char line[256];
      std::snprintf(line, sizeof line, "%-32s %s\n", file.c_str(), what.c_str());
      index += line;
    }
    std::cout << "simtc pipeline: wrote " << dir_.string() << "/\n";
    std::istringstream lines(index);
    for (std::string line; std::getline(lines, line);) std::cout << "  " << line << "\n";
    std::cout << "  index.txt\n";
    return write_output((dir_ / "index.txt").string(), index);
  }

 private:
  fs::path dir_;
  std::vector<std::pair<std::string, std::string>> entries_;
};

// Removes what an earlier run left in `dir` (NN-* and index.txt), so no stale stage remains.
bool clear_folder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << "simtc pipeline: error: cannot create '" << dir.string() << "': " << ec.message() << "\n";
    return false;
  }
  static const std::regex stage_file(R"(\d\d-.*)");
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name == "index.txt" || std::regex_match(name, stage_file)) fs::remove(entry.path(), ec);
  }
  return true;
}

// The SASS of `cubin` as the next stage: nvdisasm -c, else cuobjdump -sass. Returns "", or
// why there is none.
std::string disassemble(const std::string& cubin, bool line_info, Folder& folder) {
  ToolSearch nvdisasm = find_cuda_tool("nvdisasm");
  ToolSearch cuobjdump = nvdisasm.path.empty() ? find_cuda_tool("cuobjdump") : ToolSearch{};
  if (nvdisasm.path.empty() && cuobjdump.path.empty())
    return "no SASS: " + not_found_message(nvdisasm) + "; cuobjdump not found either\n  fix: " +
           toolkit_fix("nvdisasm");
  const bool use_nvdisasm = !nvdisasm.path.empty();
  std::vector<std::string> args;
  if (use_nvdisasm) {
    args = {"-c"};
    if (line_info) args.push_back("-g");
  } else {
    args = {"-sass"};
  }
  args.push_back(cubin);
  std::string path = folder.add("sass.txt", use_nvdisasm ? "SASS (nvdisasm -c)" : "SASS (cuobjdump -sass)");
  std::string error;
  const std::string& tool = use_nvdisasm ? nvdisasm.path : cuobjdump.path;
  int status = run_program(tool, args, error, path);
  if (status != 0)
    return "no SASS: " + tool + (status < 0 ? ": " + error : " exited with status " + std::to_string(status)) +
           " (its output is in " + path + ")";
  return "";
}

}  // namespace

int run_pipeline() {
  driver::CompileOptions options;
  if (std::optional<std::string> error = read_compile_options(options)) return usage_error("pipeline", *error);
  if (inputs_flag.size() != 1)
    return usage_error("pipeline", "expected one input file, got " + std::to_string(inputs_flag.size()) +
                                       " (try 'simtc pipeline --help')");
  if (misplaced_header.getNumOccurrences() > 0 || misplaced_ptxas.getNumOccurrences() > 0)
    return usage_error("pipeline", std::string("'") + (misplaced_ptxas.getNumOccurrences() > 0 ? "--ptxas" : "--header") +
                                       "' is an option of simtc build; pipeline runs ptxas when it finds it");
  const bool resources = resource_usage_flag;
  ir::PrintOptions print_options;
  print_options.locations = locations_flag;
  const std::string& input = inputs_flag.front();
  std::string stem = fs::path(input).stem().string();
  const std::string output = output_flag;
  fs::path dir = output.empty() ? fs::path(stem + ".pipeline") : fs::path(output);
  // A file that cannot be read is the frontend's one error, before the folder is made (which
  // would stay behind, empty).
  if (std::error_code ec = llvm::sys::fs::access(input, llvm::sys::fs::AccessMode::Exist)) {
    std::cerr << "error: cannot read '" << input << "': " << ec.message() << "\n";
    return 1;
  }
  if (!clear_folder(dir)) return 1;
  Folder folder(dir);
  // A stage failed (its diagnostics are printed): the folder keeps the stages before it.
  auto failed = [&] {
    folder.finish();
    return 1;
  };

  std::ostringstream ast;
  if (!driver::dump_ast(input, options, ast)) return 1;
  if (!folder.write("ast.txt", "Clang's AST of the kernels", ast.str())) return 1;
  std::unique_ptr<ir::Module> module = driver::lower_file(input, options);
  if (module == nullptr) return failed();
  folder.write("ir-irgen.simt", "simt IR as irgen produced it", ir::print(*module, print_options));
  folder.write("ir-view.simt", "the analysis view (calls inlined, locals promoted)",
               analysis_view_text(*module, options, print_options));
  if (!driver::run_analysis(*module, options, std::cerr)) return failed();
  options.pipeline.after_pass = [&](const std::string& pass, const ir::Module& after) {
    folder.write("ir-after-" + pass + ".simt", "simt IR after the " + pass + " pass", ir::print(after, print_options));
  };
  if (!driver::run_passes(*module, options, std::cerr)) return failed();
  std::string llvm_unopt, llvm, ptx;
  if (!codegen_text(*module, options.target, "llvm-unopt", llvm_unopt)) return failed();
  folder.write("llvm-unopt.ll", "LLVM IR before optimization", llvm_unopt);
  if (!codegen_text(*module, options.target, "llvm", llvm)) return failed();
  folder.write("llvm.ll", "LLVM IR after -O" + std::to_string(options.target.opt_level), llvm);
  if (!codegen_text(*module, options.target, "ptx", ptx)) return failed();
  std::string ptx_path = folder.add("ptx.ptx", "PTX for " + options.target.arch);
  if (!write_output(ptx_path, ptx)) return 1;

  std::vector<std::string> notes;
  std::string resource_lines;  // printed after the list of files
  std::string ptxas = codegen::default_ptxas_path();
  if (!llvm::sys::fs::can_execute(ptxas)) {
    if (resources) {
      std::cerr << "simtc pipeline: error: --resource-usage needs ptxas: ptxas not found at '" << ptxas << "'\n"
                << "  fix: " << toolkit_fix("ptxas") << "\n";
      return failed();
    }
    notes.push_back("no cubin and no SASS: ptxas not found at '" + ptxas + "'\n  fix: " + toolkit_fix("ptxas"));
  } else {
    std::string cubin = folder.add("ptxas.cubin", "the cubin ptxas made for " + options.target.arch);
    std::string log = folder.add("ptxas-log.txt", "ptxas -v's report");
    std::vector<std::string> ptxas_args{"-arch=" + options.target.arch, "-v"};
    if (options.target.line_info) ptxas_args.push_back("-lineinfo");
    ptxas_args.insert(ptxas_args.end(), {"-o", cubin, ptx_path});
    std::string error;
    int status = run_program(ptxas, ptxas_args, error, log);
    if (status != 0) {
      std::cerr << "simtc pipeline: error: ptxas rejected the PTX of " << input << " (" << log << "):\n"
                << (status < 0 ? error + "\n" : read_file(log));
      return failed();
    }
    const std::string report = read_file(log);
    report_ptxas_advisories("pipeline", input, report);
    if (resources) {
      std::string lines = format_resource_usage(parse_ptxas_report(report), *module, input);
      folder.write("resource-usage.txt", "registers, stack, spills, shared and constant memory per kernel", lines);
      resource_lines = lines;
    }
    if (std::string why = disassemble(cubin, options.target.line_info, folder); !why.empty()) notes.push_back(why);
  }
  if (!folder.finish()) return 1;
  std::cout << resource_lines;
  for (const std::string& note : notes) std::cout << "simtc pipeline: " << note << "\n";
  return 0;
}

}  // namespace simtc::cli

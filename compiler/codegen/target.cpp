// The NVPTX target: which arch/PTX pairs simtc accepts, and the target machine for them.
#include "codegen/codegen.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string_view>

#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/TargetParser/Triple.h>

#include "codegen/internal.hpp"
#include "support/ice.hpp"

namespace simtc::codegen {
namespace {

struct ArchInfo {
  std::string_view name;
  unsigned min_ptx;  // the oldest PTX ISA (x10) that has this .target
};

// SMs that both LLVM 22's NVPTX backend and CUDA 13's ptxas know (CUDA 13 renamed sm_101 to
// sm_110 and dropped everything before sm_75), with the PTX ISA each one first appeared in.
constexpr std::array<ArchInfo, 23> kArchs{{
    {"sm_75", 63},   {"sm_80", 70},   {"sm_86", 71},   {"sm_87", 74},   {"sm_88", 90},
    {"sm_89", 78},   {"sm_90", 78},   {"sm_90a", 80},  {"sm_100", 86},  {"sm_100a", 86},
    {"sm_100f", 88}, {"sm_103", 88},  {"sm_103a", 88}, {"sm_103f", 88}, {"sm_110", 90},
    {"sm_110a", 90}, {"sm_110f", 90}, {"sm_120", 87},  {"sm_120a", 87}, {"sm_120f", 88},
    {"sm_121", 88},  {"sm_121a", 88}, {"sm_121f", 88},
}};

// PTX ISA versions that LLVM 22 has a +ptxNN feature for, from 6.3 on.
constexpr std::array<unsigned, 22> kPtxVersions{63, 64, 65, 70, 71, 72, 73, 74, 75, 76, 77,
                                                78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};
constexpr unsigned kMaxPtx = 90;
constexpr unsigned kDefaultPtx = 80;

const ArchInfo* find_arch(std::string_view name) {
  for (const ArchInfo& a : kArchs)
    if (a.name == name) return &a;
  return nullptr;
}

std::string ptx_str(unsigned v) { return std::to_string(v / 10) + "." + std::to_string(v % 10); }

void fatal_error_handler(void*, const char* reason, bool) {
  // LLVM calls exit(1) after this returns; say clearly that it is simtc's bug, not the user's.
  std::fprintf(stderr,
               "simtc: internal compiler error: LLVM: %s\n"
               "  this is a bug in simtc, not in your code; please report it with the kernel "
               "file and the command line\n",
               reason);
  std::fflush(stderr);
}

}  // namespace

unsigned effective_ptx_version(const TargetOptions& options) {
  const ArchInfo* arch = find_arch(options.arch);
  if (!arch) return 0;
  if (options.ptx_version != 0) return options.ptx_version;
  return arch->min_ptx > kDefaultPtx ? arch->min_ptx : kDefaultPtx;
}

std::string check_target(const TargetOptions& options) {
  const ArchInfo* arch = find_arch(options.arch);
  if (!arch) {
    std::string list;
    for (const ArchInfo& a : kArchs) list += (list.empty() ? "" : ", ") + std::string(a.name);
    return "unknown --arch '" + options.arch + "' (supported: " + list + ")";
  }
  unsigned ptx = effective_ptx_version(options);
  if (ptx > kMaxPtx)
    return "PTX ISA " + ptx_str(ptx) + " is newer than simtc supports (" + ptx_str(kMaxPtx) +
           " at most)";
  bool known = false;
  for (unsigned v : kPtxVersions) known = known || v == ptx;
  if (!known) return "unknown PTX ISA version " + ptx_str(ptx);
  if (ptx < arch->min_ptx)
    return "--arch " + options.arch + " needs PTX ISA " + ptx_str(arch->min_ptx) +
           " or newer, got " + ptx_str(ptx);
  if (options.opt_level < 0 || options.opt_level > 3)
    return "unknown optimization level " + std::to_string(options.opt_level) + " (0 to 3)";
  return "";
}

namespace detail {

void initialize_llvm() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    llvm::install_fatal_error_handler(fatal_error_handler, nullptr);
    // 32-bit pointers for shared, const and local memory (each is far smaller than 4 GiB), as
    // nvcc uses: shared-memory address arithmetic then stays in 32-bit registers. The option
    // is read when a target machine computes its data layout.
    auto& options = llvm::cl::getRegisteredOptions();
    auto set = [&](llvm::StringRef name) {
      if (auto it = options.find(name); it != options.end())
        static_cast<llvm::cl::opt<bool>*>(it->second)->setValue(true);
    };
    set("nvptx-short-ptr");
    // No machine-level CSE and sinking: ptxas eliminates common subexpressions and schedules
    // itself, and it does not rematerialise what these passes move. MachineCSE's partial
    // redundancy elimination hoists a value computed on two exclusive paths (a row's column
    // `t + 128 * k`, computed by the guarded load and again by the guarded store) to their
    // common dominator, where it stays live in between; MachineSink moves a multiply whose
    // sum was fused into an fma (exp's `2^n * p`) down to its store, keeping both factors
    // live instead of the product. Off, the row-in-registers softmax keeps 48 registers per
    // thread (as nvcc's code does) instead of 127, layer norm 95-111 instead of 114-126,
    // for 2 % more SASS instructions over the benchmarked kernels (docs/performance.md).
    set("disable-machine-cse");
    set("disable-machine-sink");
  });
}

std::unique_ptr<llvm::TargetMachine> create_target_machine(const TargetOptions& options) {
  initialize_llvm();
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  SIMTC_ASSERT(target != nullptr, "NVPTX target missing from LLVM: " + error);
  llvm::TargetOptions to;
  // fmad: NVPTX fuses a*b+c whenever fusion is Fast; Strict keeps mul.rn and add.rn apart.
  to.AllowFPOpFusion = options.fmad ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Strict;
  llvm::CodeGenOptLevel level = llvm::CodeGenOptLevel::Aggressive;
  switch (options.opt_level) {
    case 0: level = llvm::CodeGenOptLevel::None; break;
    case 1: level = llvm::CodeGenOptLevel::Less; break;
    case 2: level = llvm::CodeGenOptLevel::Default; break;
    default: break;
  }
  std::string features = "+ptx" + std::to_string(effective_ptx_version(options));
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, options.arch, features, to, std::nullopt, std::nullopt, level));
  SIMTC_ASSERT(tm != nullptr, "cannot create the NVPTX target machine for " + options.arch);
  return tm;
}

}  // namespace detail
}  // namespace simtc::codegen

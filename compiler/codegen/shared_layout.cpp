// Shared memory beyond the 48 KiB a kernel may declare statically (ptxas: "uses too much shared
// data (..., 0xc000 max)"). When the shared variables a kernel reaches take more, they move into
// the launch's dynamic shared memory at fixed offsets: the kernel addresses them through one
// `.extern .shared` symbol, and the generated header loads the kernel with their bytes, which the
// runtime adds to each launch's dynamic shared memory (simt::Module::kernel). The user writes
// SharedTile<bfloat16, 512, 64, 1024> a pipeline of wgmma stages needs, as any other.
#include <algorithm>
#include <set>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/function.hpp"
#include "ir/intrinsics.hpp"

namespace simtc::codegen {
namespace {

// What the language does not allow, as irgen reports the 227 KiB limit.
constexpr const char* kRule = " [simt-language-subset]";

// Static shared memory a thread block may declare on every target.
constexpr std::uint64_t kStaticSharedLimit = 48 * 1024;

// The variable as the user named it ("shared.tile.1" -> "tile").
std::string var_name(const ir::Global* g) {
  std::string name = g->symbol();
  if (name.rfind("shared.", 0) == 0) name = name.substr(7);
  if (auto dot = name.find('.'); dot != std::string::npos) name.resize(dot);
  return name;
}

void report_shared_by_two(DiagnosticSink* diags, std::set<const ir::Global*>& reported, const ir::Global* g,
                          const ir::Function& a, const ir::Function& b) {
  if (diags == nullptr || !reported.insert(g).second) return;
  diags->error(g->loc(), "shared variable '" + var_name(g) + "' is used by kernels '" + a.signature().cpp_name +
                            "' and '" + b.signature().cpp_name +
                            "', and at least one of them has more than 48 KiB of shared variables, which live in its "
                            "dynamic shared memory; give each kernel its own variable" + kRule);
}

std::uint64_t align_up(std::uint64_t n, std::uint64_t a) { return a == 0 ? n : (n + a - 1) / a * a; }

}  // namespace

std::uint64_t max_shared_per_block(const std::string& arch) {
  // The opt-in limit of cudaDevAttrMaxSharedMemoryPerBlockOptin, by compute capability
  // (CUDA C++ Programming Guide, "Technical Specifications per Compute Capability").
  switch (ir::sm_version(arch)) {
    case 75: return 64 * 1024;
    case 80: case 87: return 163 * 1024;
    case 90: case 100: case 103: case 110: return 227 * 1024;
    default: return 99 * 1024;  // 8.6, 8.8, 8.9, 12.x
  }
}

DynamicSharedPlan plan_dynamic_shared(const ir::Module& module, const std::string& arch, DiagnosticSink* diags) {
  DynamicSharedPlan plan;
  std::map<const ir::Global*, const ir::Function*> owner;
  std::set<const ir::Global*> reported;
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel()) continue;
    bool extern_used = false;
    const std::vector<const ir::Global*> used = ir::shared_globals_reached(module, *fn, &extern_used);
    std::uint64_t total = 0;
    unsigned align = 16;
    std::vector<std::pair<const ir::Global*, std::uint64_t>> offsets;
    for (const ir::Global* g : used) {
      total = align_up(total, g->align());
      offsets.emplace_back(g, total);
      total += g->size();
      align = std::max(align, g->align());
    }
    if (total <= kStaticSharedLimit) continue;
    const std::string kernel = "kernel '" + fn->signature().cpp_name + "'";
    const std::string bytes = std::to_string(total) + " bytes of shared variables";
    const SourceLoc at = used.back()->loc();
    if (total > max_shared_per_block(arch)) {
      if (diags)
        diags->error(at, kernel + " has " + bytes + ", more than the " + std::to_string(max_shared_per_block(arch)) +
                             " bytes a thread block can have on " + arch + kRule);
      continue;
    }
    if (extern_used) {
      if (diags)
        diags->error(at, kernel + " has " + bytes + " (more than 48 KiB, so they live in dynamic shared memory) and also "
                                  "takes dynamic shared memory (simt::dynamic_shared); keep one of the two" + kRule);
      continue;
    }
    bool clash = false;
    for (const auto& [g, offset] : offsets) {
      auto [it, fresh] = owner.emplace(g, fn);
      if (fresh) continue;
      clash = true;
      report_shared_by_two(diags, reported, g, *it->second, *fn);
    }
    if (clash) continue;
    plan.kernels[fn->name()] = total;
    for (const auto& [g, offset] : offsets) plan.offsets[g] = offset;
    plan.align = std::max(plan.align, align);
  }
  // A variable of a kernel that stays static, also reached by one that moved it.
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel() || plan.kernels.count(fn->name())) continue;
    for (const ir::Global* g : ir::shared_globals_reached(module, *fn, nullptr)) {
      auto it = owner.find(g);
      if (it == owner.end() || !plan.offsets.count(g)) continue;
      report_shared_by_two(diags, reported, g, *it->second, *fn);
      plan.offsets.erase(g);
    }
  }
  return plan;
}

}  // namespace simtc::codegen

#include "codegen/toolchain_info.hpp"

#include <llvm/Config/llvm-config.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/TargetParser/Triple.h>

#include "codegen/internal.hpp"

namespace simtc::codegen {

std::string llvm_version() { return LLVM_VERSION_STRING; }

bool nvptx_registered(std::string& error) {
  // The same initialization codegen does, so this answers for the real code path.
  detail::initialize_llvm();
  error.clear();
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(llvm::Triple(detail::kTriple), error);
  return target != nullptr;
}

}  // namespace simtc::codegen

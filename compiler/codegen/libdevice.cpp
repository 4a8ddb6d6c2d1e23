// libdevice: NVIDIA's bitcode math library, linked in only when a __nv_* function is called.
#include <map>
#include <mutex>

#include <llvm/ADT/StringSet.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/IPO/Internalize.h>

#include "codegen/internal.hpp"

namespace simtc::codegen::detail {
namespace {

// The file's bytes, read once per path; each compile parses them lazily into its own context.
const llvm::MemoryBuffer* libdevice_bytes(const std::string& path, std::string& error) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(path);
  if (it != cache.end()) return it->second.get();
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf) {
    error = buf.getError().message();
    return nullptr;
  }
  return cache.emplace(path, std::move(*buf)).first->second.get();
}

bool uses_libdevice(const llvm::Module& m) {
  for (const llvm::Function& f : m)
    if (f.isDeclaration() && f.getName().starts_with("__nv_")) return true;
  return false;
}

}  // namespace

bool link_libdevice(llvm::Module& m, const TargetOptions& options, DiagnosticSink& diags) {
  // libdevice asks __nvvm_reflect("__CUDA_FTZ") whether to flush f32 denormals.
  m.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                  static_cast<std::uint32_t>(options.fast_math ? 1 : 0));
  if (!uses_libdevice(m)) return true;

  const std::string path =
      options.libdevice_path.empty() ? default_libdevice_path() : options.libdevice_path;
  std::string error;
  const llvm::MemoryBuffer* bytes = libdevice_bytes(path, error);
  if (!bytes) {
    diags.error({}, "cannot read libdevice at '" + path + "': " + error +
                        " (install the CUDA toolkit or pass its libdevice.10.bc)");
    return false;
  }
  auto lib = llvm::getLazyBitcodeModule(bytes->getMemBufferRef(), m.getContext());
  if (!lib) {
    diags.error({}, "cannot parse libdevice at '" + path + "': " +
                        llvm::toString(lib.takeError()));
    return false;
  }
  (*lib)->setTargetTriple(m.getTargetTriple());
  (*lib)->setDataLayout(m.getDataLayout());
  // Only the functions the module calls come over, and they become internal so that O3
  // inlines them and drops the bodies.
  bool failed = llvm::Linker::linkModules(
      m, std::move(*lib), llvm::Linker::Flags::LinkOnlyNeeded,
      [](llvm::Module& dst, const llvm::StringSet<>& linked) {
        llvm::internalizeModule(dst, [&linked](const llvm::GlobalValue& gv) {
          return !gv.hasName() || !linked.contains(gv.getName());
        });
      });
  if (failed) {
    diags.error({}, "cannot link libdevice from '" + path + "'");
    return false;
  }
  return true;
}

void apply_module_fp_attributes(llvm::Module& m, const TargetOptions& options) {
  if (!options.fast_math) return;
  // --use_fast_math flushes f32 denormals to zero: NVPTX then selects the .ftz forms.
  for (llvm::Function& f : m)
    if (!f.isDeclaration()) f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
}

}  // namespace simtc::codegen::detail

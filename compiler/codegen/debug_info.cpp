// --line-info: enough debug metadata for NVPTX to print .file and .loc, and nothing more.
#include "codegen/lower.hpp"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/Support/Path.h>

namespace simtc::codegen::detail {

DebugInfo::DebugInfo(llvm::Module& m, const FileTable& files, bool optimized, bool full)
    : m_(m), files_(files), optimized_(optimized), dib_(m) {
  llvm::DIFile* main = files_.size() > 0 ? file(0) : dib_.createFile("<unknown>", "");
  // DebugDirectivesOnly is what clang's -gline-directives-only gives NVPTX: .file/.loc lines
  // and no .debug_* sections, as nvcc -lineinfo. FullDebug (-g) adds the .debug_* sections
  // that cuda-gdb reads, as nvcc -G.
  cu_ = dib_.createCompileUnit(llvm::DISourceLanguageName(llvm::dwarf::DW_LANG_C_plus_plus_14),
                               main, "simtc", optimized_, "", 0, "",
                               full ? llvm::DICompileUnit::FullDebug : llvm::DICompileUnit::DebugDirectivesOnly);
  m_.addModuleFlag(llvm::Module::Warning, "Debug Info Version", llvm::DEBUG_METADATA_VERSION);
  m_.addModuleFlag(llvm::Module::Warning, "Dwarf Version", 2);
}

llvm::DIFile* DebugInfo::file(std::uint32_t index) {
  auto it = file_cache_.find(index);
  if (it != file_cache_.end()) return it->second;
  llvm::DIFile* f = nullptr;
  if (index < files_.size()) {
    const std::string& path = files_.path(index);
    f = dib_.createFile(llvm::sys::path::filename(path), llvm::sys::path::parent_path(path));
  } else {
    f = dib_.createFile("<unknown>", "");
  }
  file_cache_.emplace(index, f);
  return f;
}

llvm::DISubprogram* DebugInfo::attach_subprogram(const ir::Function& fn, llvm::Function& f) {
  SourceLoc loc = fn.loc();
  if (!loc.valid()) {
    // A function without a location of its own takes the file of its first located
    // instruction, so that its .loc lines name the right file.
    bool found = false;
    for (const ir::Block* b : fn.blocks()) {
      for (const ir::Instruction* inst : b->instructions()) {
        if (inst->loc().valid()) {
          loc.file = inst->loc().file;
          found = true;
          break;
        }
      }
      if (found) break;
    }
  }
  llvm::DIFile* df = file(loc.file);
  llvm::DISubroutineType* ty = dib_.createSubroutineType(dib_.getOrCreateTypeArray({}));
  auto flags = llvm::DISubprogram::SPFlagDefinition;
  if (optimized_) flags |= llvm::DISubprogram::SPFlagOptimized;
  llvm::DISubprogram* sp = dib_.createFunction(df, fn.name(), f.getName(), df, loc.line, ty,
                                               loc.line, llvm::DINode::FlagPrototyped, flags);
  f.setSubprogram(sp);
  return sp;
}

llvm::DIScope* DebugInfo::scope_for(std::uint32_t file_index, llvm::DISubprogram* sp) {
  llvm::DIFile* df = file(file_index);
  if (df == sp->getFile()) return sp;
  // Code from another file (a header's inline function) keeps its own file name.
  auto key = std::make_pair(sp, df);
  auto it = scope_cache_.find(key);
  if (it != scope_cache_.end()) return it->second;
  llvm::DIScope* scope = dib_.createLexicalBlockFile(sp, df);
  scope_cache_.emplace(key, scope);
  return scope;
}

llvm::DIType* DebugInfo::type(const ir::Module::DebugType* t, int depth) {
  using Kind = ir::Module::DebugType::Kind;
  if (t == nullptr) return nullptr;
  if (auto it = type_cache_.find(t); it != type_cache_.end()) return it->second;
  const std::uint64_t bits = t->bytes * 8;
  llvm::DIType* out = nullptr;
  switch (t->kind) {
    case Kind::Signed: out = dib_.createBasicType(t->name, bits, llvm::dwarf::DW_ATE_signed); break;
    case Kind::Unsigned: out = dib_.createBasicType(t->name, bits, llvm::dwarf::DW_ATE_unsigned); break;
    case Kind::Float: out = dib_.createBasicType(t->name, bits, llvm::dwarf::DW_ATE_float); break;
    case Kind::Bool: out = dib_.createBasicType(t->name, bits, llvm::dwarf::DW_ATE_boolean); break;
    case Kind::Pointer: out = dib_.createPointerType(depth < 3 ? type(t->element.get(), depth + 1) : nullptr, 64); break;
    case Kind::Array: {
      llvm::DIType* element = type(t->element.get(), depth + 1);
      if (element == nullptr) break;
      llvm::Metadata* range = dib_.getOrCreateSubrange(0, std::int64_t(t->count));
      out = dib_.createArrayType(bits, 0, element, dib_.getOrCreateArray({range}));
      break;
    }
    case Kind::Struct: {
      std::vector<llvm::Metadata*> members;
      for (const auto& member : t->members) {
        llvm::DIType* mt = type(member.type.get(), depth + 1);
        if (mt == nullptr) continue;
        members.push_back(dib_.createMemberType(cu_, member.name, nullptr, 0, member.type->bytes * 8, 0,
                                                member.offset * 8, llvm::DINode::FlagZero, mt));
      }
      out = dib_.createStructType(cu_, t->name, nullptr, 0, bits, 0, llvm::DINode::FlagZero, nullptr,
                                  dib_.getOrCreateArray(members));
      break;
    }
    case Kind::Opaque:
      if (bits > 0) {
        llvm::DIType* byte = dib_.createBasicType("unsigned char", 8, llvm::dwarf::DW_ATE_unsigned_char);
        out = dib_.createArrayType(bits, 0, byte,
                                   dib_.getOrCreateArray({dib_.getOrCreateSubrange(0, std::int64_t(t->bytes))}));
      }
      break;
  }
  type_cache_.emplace(t, out);
  return out;
}

void DebugInfo::declare(const ir::Module::DebugVariable& var, llvm::AllocaInst* storage, llvm::DISubprogram* sp,
                        llvm::BasicBlock::iterator at) {
  llvm::DIType* ty = type(var.type.get(), 0);
  if (ty == nullptr) return;
  llvm::DIFile* df = file(var.decl.file);
  llvm::DILocalVariable* v =
      var.arg > 0 ? dib_.createParameterVariable(sp, var.name, var.arg, df, var.decl.line, ty, /*AlwaysPreserve=*/true)
                  : dib_.createAutoVariable(sp, var.name, df, var.decl.line, ty, /*AlwaysPreserve=*/true);
  llvm::DILocation* loc = llvm::DILocation::get(m_.getContext(), var.decl.line, var.decl.column, sp);
  dib_.insertDeclare(storage, v, dib_.createExpression(), loc, at);
}

llvm::DILocation* DebugInfo::location(SourceLoc loc, llvm::DISubprogram* sp) {
  if (!loc.valid()) return llvm::DILocation::get(m_.getContext(), 0, 0, sp);
  auto* scope = llvm::cast<llvm::DILocalScope>(scope_for(loc.file, sp));
  return llvm::DILocation::get(m_.getContext(), loc.line, loc.column, scope);
}

}  // namespace simtc::codegen::detail

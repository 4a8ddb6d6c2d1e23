#include "irgen/context.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/RecordLayout.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/GlobalDecl.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/raw_ostream.h>

#include "checker/rule_context.hpp"
#include "frontend/diagnostic.hpp"
#include "frontend/frontend.hpp"
#include "irgen/function_gen.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

IrgenContext::IrgenContext(clang::ASTContext& ast, const IrgenOptions& options)
    : ast_(ast), options_(options), module_(std::make_unique<ir::Module>()),
      mangler_(ast.createMangleContext()) {}

ir::Type IrgenContext::value_type(clang::QualType type) {
  clang::QualType canonical = type.getCanonicalType();
  if (canonical->isReferenceType() || canonical->isPointerType()) return ir::Type::ptr();
  if (canonical->isBooleanType()) return ir::Type::i1();
  if (const auto* enum_type = canonical->getAs<clang::EnumType>())
    return value_type(enum_type->getDecl()->getIntegerType());
  if (canonical->isIntegerType()) return ir::Type::int_of_bits(unsigned(ast_.getTypeSize(canonical)));
  if (const auto* vector = canonical->getAs<clang::VectorType>()) {
    // Clang vectors (ext_vector_type) of 2, 3, 4 or 8 numbers: the device API's register
    // fragments (simt/device/mma.hpp), carried whole between builtins and memory.
    ir::Type element = value_type(vector->getElementType());
    unsigned lanes = vector->getNumElements();
    bool ok_lanes = lanes == 2 || lanes == 3 || lanes == 4 || lanes == 8;
    if (ok_lanes && !element.is_void() && !element.is_ptr() && element != ir::Type::i1())
      return ir::Type::vec(element, lanes);
    return ir::Type::void_();
  }
  if (const auto* builtin = canonical->getAs<clang::BuiltinType>()) {
    switch (builtin->getKind()) {
      case clang::BuiltinType::Float: return ir::Type::f32();
      case clang::BuiltinType::Double: return ir::Type::f64();
      case clang::BuiltinType::Float16:
      case clang::BuiltinType::Half: return ir::Type::f16();
      case clang::BuiltinType::BFloat16: return ir::Type::bf16();
      default: break;
    }
  }
  return ir::Type::void_();
}

ir::Type IrgenContext::memory_type(clang::QualType type) {
  ir::Type t = value_type(type);
  return t == ir::Type::i1() ? ir::Type::i8() : t;
}

bool IrgenContext::is_scalar(clang::QualType type) {
  clang::QualType canonical = type.getCanonicalType();
  if (canonical->isReferenceType()) return false;
  return !value_type(canonical).is_void();
}

std::uint64_t IrgenContext::size_of(clang::QualType type) {
  return ast_.getTypeSizeInChars(type).getQuantity();
}

unsigned IrgenContext::align_of(clang::QualType type) {
  return unsigned(ast_.getTypeAlignInChars(type).getQuantity());
}

SourceLoc IrgenContext::loc(clang::SourceLocation where) {
  if (where.isInvalid()) return {};
  const auto& sm = ast_.getSourceManager();
  clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getExpansionLoc(where));
  if (presumed.isInvalid()) return {};
  SourceLoc out;
  out.file = module_->files().intern(presumed.getFilename());
  if (sm.isInSystemHeader(sm.getExpansionLoc(where))) module_->files().mark_system(out.file);
  out.line = presumed.getLine();
  out.column = presumed.getColumn();
  return out;
}

std::shared_ptr<const ir::Module::DebugType> IrgenContext::debug_type(clang::QualType type, int depth) {
  using DebugType = ir::Module::DebugType;
  auto t = std::make_shared<DebugType>();
  type = type.getCanonicalType().getUnqualifiedType();
  t->name = type.getAsString(ast_.getPrintingPolicy());
  if (!type->isIncompleteType() && !type->isDependentType()) t->bytes = size_of(type);
  if (type->isBooleanType()) {
    t->kind = DebugType::Kind::Bool;
  } else if (type->isRealFloatingType()) {
    t->kind = DebugType::Kind::Float;
  } else if (type->isIntegralOrEnumerationType()) {
    t->kind = type->isSignedIntegerOrEnumerationType() ? DebugType::Kind::Signed : DebugType::Kind::Unsigned;
  } else if (type->isPointerType() || type->isReferenceType()) {
    t->kind = DebugType::Kind::Pointer;
    t->bytes = 8;
    if (depth < 2) t->element = debug_type(type->getPointeeType(), depth + 1);
  } else if (const auto* array = ast_.getAsConstantArrayType(type)) {
    t->kind = DebugType::Kind::Array;
    t->count = array->getZExtSize();
    t->element = debug_type(array->getElementType(), depth + 1);
  } else if (const auto* record = type->getAsCXXRecordDecl(); record != nullptr && record->hasDefinition() && depth < 4) {
    t->kind = DebugType::Kind::Struct;
    const clang::ASTRecordLayout& layout = ast_.getASTRecordLayout(record);
    for (const clang::FieldDecl* field : record->fields()) {
      if (field->isBitField()) continue;
      DebugType::Member m;
      m.name = field->getNameAsString();
      m.offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
      m.type = debug_type(field->getType(), depth + 1);
      t->members.push_back(std::move(m));
    }
  }
  return t;
}

void IrgenContext::note_variable(ir::Value* slot, const clang::ValueDecl* var, unsigned arg) {
  if (!options_.debug_variables || slot == nullptr || slot->value_kind() != ir::Value::ValueKind::Instruction) return;
  if (var->getName().empty()) return;
  ir::Module::DebugVariable v;
  v.name = var->getNameAsString();
  v.decl = loc(var->getLocation());
  v.type = debug_type(var->getType(), 0);
  v.arg = arg;
  module_->note_variable(static_cast<const ir::Instruction*>(slot), std::move(v));
}

void IrgenContext::note_site(clang::SourceLocation at, const clang::Expr* whole, const clang::Expr* object) {
  const SourceLoc key = loc(at);
  if (!key.valid() || module_->files().is_system(key.file)) return;
  ir::Module::SiteNote note;
  note.begin = loc(whole->getBeginLoc());
  const auto& sm = ast_.getSourceManager();
  clang::SourceRange range = object->IgnoreImplicit()->getSourceRange();
  if (range.isValid() && range.getBegin().isFileID() && range.getEnd().isFileID()) {
    llvm::StringRef text = clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(range), sm,
                                                       ast_.getLangOpts());
    if (!text.empty() && text.size() <= 40 && !text.contains('\n')) note.object = text.str();
  }
  module_->note_site(key, std::move(note));
}

void IrgenContext::add_unsafe_regions(const clang::FunctionDecl* fn) {
  unsafe_regions_.emplace_back(ast_.getSourceManager(), std::vector<const clang::FunctionDecl*>{fn});
  if (unsafe_regions_.back().empty()) unsafe_regions_.pop_back();
}

bool IrgenContext::in_unsafe(clang::SourceLocation where) const {
  for (const checker::UnsafeRegions& regions : unsafe_regions_)
    if (regions.contains(where)) return true;
  return false;
}

void IrgenContext::error(clang::SourceLocation where, const std::string& message, const char* rule) {
  frontend::report(ast_.getDiagnostics(), where, /*is_error=*/true, message + " [" + rule + "]");
  ++errors_;
}

void IrgenContext::unsupported(const clang::Stmt* node, const std::string& what) {
  frontend::report(ast_.getDiagnostics(), node->getBeginLoc(), /*is_error=*/true,
                   what + " is not supported in kernel code [" + kLanguageSubsetRule + "]")
      << node->getSourceRange();
  ++errors_;
}

std::optional<ir::IntrinsicId> IrgenContext::builtin_of(const clang::FunctionDecl* fn) {
  for (const auto* attr : fn->specific_attrs<clang::AnnotateAttr>()) {
    llvm::StringRef note = attr->getAnnotation();
    if (!note.consume_front(frontend::kBuiltinAnnotationPrefix)) continue;
    if (auto id = ir::intrinsic_from_name(note.str())) return id;
    SIMTC_ICE("simt header names an unknown intrinsic '" + note.str() + "'");
  }
  return std::nullopt;
}

std::string IrgenContext::mangle(const clang::FunctionDecl* fn) {
  std::string name;
  llvm::raw_string_ostream os(name);
  clang::GlobalDecl global;
  if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fn))
    global = clang::GlobalDecl(ctor, clang::Ctor_Complete);
  else if (const auto* dtor = llvm::dyn_cast<clang::CXXDestructorDecl>(fn))
    global = clang::GlobalDecl(dtor, clang::Dtor_Complete);
  else
    global = clang::GlobalDecl(fn);
  if (mangler_->shouldMangleDeclName(fn))
    mangler_->mangleName(global, os);
  else
    os << fn->getName();
  return name;
}

FunctionAbi IrgenContext::function_for(const clang::FunctionDecl* fn) {
  if (const clang::FunctionDecl* def = fn->getDefinition()) fn = def;
  if (auto it = functions_.find(fn); it != functions_.end()) return it->second;

  FunctionAbi abi;
  std::vector<ir::Type> params;
  std::vector<std::string> names;
  clang::QualType result = fn->getReturnType();
  ir::Type return_type = ir::Type::void_();
  if (result->isRecordType() || result->isArrayType()) {
    abi.has_sret = true;
    params.push_back(ir::Type::ptr());
    names.push_back("sret");
  } else if (!result->isVoidType()) {
    return_type = value_type(result);
  }
  if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(fn); method && method->isInstance()) {
    abi.has_this = true;
    params.push_back(ir::Type::ptr());
    names.push_back("this");
  }
  for (const clang::ParmVarDecl* param : fn->parameters()) {
    clang::QualType type = param->getType();
    params.push_back(is_scalar(type) ? value_type(type) : ir::Type::ptr());
    names.push_back(param->getNameAsString());
  }
  abi.function = module_->create_function(mangle(fn), return_type, params, names, false);
  abi.function->set_loc(loc(fn->getLocation()));
  abi.function->set_library(checker::in_simt_header(ast_.getSourceManager(), fn->getLocation()));
  abi.function->set_always_inline(fn->hasAttr<clang::AlwaysInlineAttr>());
  {
    const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    abi.function->set_owner_access(abi.function->is_library() &&
                                   (checker::has_annotation(fn, "simt.owner_access") ||
                                    (pattern != nullptr && checker::has_annotation(pattern, "simt.owner_access"))));
  }
  functions_[fn] = abi;
  queue_.push_back(fn);
  return abi;
}

void IrgenContext::drain_queue() {
  while (!queue_.empty()) {
    const clang::FunctionDecl* fn = queue_.front();
    queue_.pop_front();
    const FunctionAbi& abi = functions_.at(fn);
    FunctionGen gen(*this, abi.function);
    gen.emit_device_function(fn, abi);
  }
}

}  // namespace simtc::irgen

// Reads launch contracts from the AnnotateAttrs that attributes.cpp attaches. Their
// arguments are kept as expressions so that a kernel template's contract is instantiated
// with it (simt::block(N) in a template); they are evaluated here, per kernel.
#include "frontend/contract.hpp"

#include <algorithm>
#include <map>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/TargetInfo.h>

#include "frontend/param_kinds.hpp"

namespace simtc::frontend {
namespace {

struct AttrName {
  const char* annotation;
  const char* spelling;
};
constexpr AttrName kContractAttrs[] = {
    {kBlockAnnotation, "simt::block"},         {kMaxThreadsAnnotation, "simt::max_threads"},
    {kMinBlocksAnnotation, "simt::min_blocks_per_sm"}, {kDynamicSharedAnnotation, "simt::dynamic_shared"},
    {kMinArchAnnotation, "simt::min_arch"},    {kRequiresAnnotation, "simt::requires"},
    {kClusterAnnotation, "simt::cluster"},
};

const char* spelling_of(llvm::StringRef annotation) {
  for (const AttrName& name : kContractAttrs)
    if (annotation == name.annotation) return name.spelling;
  return nullptr;
}

class Reader {
 public:
  Reader(clang::ASTContext& context, const clang::FunctionDecl& kernel, std::vector<ContractProblem>* problems)
      : context_(context), kernel_(kernel), problems_(problems) {}

  LaunchContract read() {
    std::vector<std::string> seen;
    for (const clang::AnnotateAttr* attr : kernel_.specific_attrs<clang::AnnotateAttr>()) {
      const char* spelling = spelling_of(attr->getAnnotation());
      if (spelling == nullptr) continue;
      if (std::find(seen.begin(), seen.end(), spelling) != seen.end()) {
        problem(attr->getLocation(), "'" + std::string(spelling) + "' is given twice");
        continue;
      }
      seen.push_back(spelling);
      read_attr(*attr, spelling);
    }
    cross_check();
    return std::move(out_);
  }

 private:
  void problem(clang::SourceLocation loc, std::string message, clang::SourceLocation note_loc = {},
               std::string note = {}) {
    if (problems_ != nullptr) problems_->push_back({loc, std::move(message), note_loc, std::move(note)});
  }

  // The attribute's arguments as integers in [min, max]; nullopt (reported) otherwise.
  std::optional<std::vector<std::uint32_t>> integers(const clang::AnnotateAttr& attr, const char* spelling,
                                                     unsigned min_args, unsigned max_args, std::uint64_t min,
                                                     std::uint64_t max, const char* what) {
    unsigned count = attr.args_size();
    if (count < min_args || count > max_args) {
      std::string expected = min_args == max_args ? std::to_string(min_args)
                                                  : std::to_string(min_args) + " to " + std::to_string(max_args);
      problem(attr.getLocation(), "'" + std::string(spelling) + "' takes " + expected + " argument" +
                                      (max_args == 1 ? "" : "s") + ", not " + std::to_string(count));
      return std::nullopt;
    }
    std::vector<std::uint32_t> values;
    unsigned index = 0;
    for (const clang::Expr* arg : attr.args()) {
      ++index;
      std::optional<llvm::APSInt> value =
          arg->getType()->isIntegralOrUnscopedEnumerationType() ? arg->getIntegerConstantExpr(context_) : std::nullopt;
      if (!value) {
        problem(arg->getExprLoc(), "argument " + std::to_string(index) + " of '" + spelling +
                                       "' must be an integer constant");
        return std::nullopt;
      }
      bool negative = value->isSigned() && value->isNegative();
      if (negative || value->getActiveBits() > 64 || value->getZExtValue() < min || value->getZExtValue() > max) {
        problem(arg->getExprLoc(), std::string(what) + " must be between " + std::to_string(min) + " and " +
                                       std::to_string(max) + ", not " + llvm::toString(*value, 10));
        return std::nullopt;
      }
      values.push_back(std::uint32_t(value->getZExtValue()));
    }
    return values;
  }

  void read_attr(const clang::AnnotateAttr& attr, const char* spelling) {
    llvm::StringRef name = attr.getAnnotation();
    locations_[name.str()] = attr.getLocation();
    if (name == kBlockAnnotation) {
      auto dims = integers(attr, spelling, 1, 3, 1, 1024, "a block extent");
      if (!dims) return;
      std::array<std::uint32_t, 3> block = {dims->at(0), dims->size() > 1 ? dims->at(1) : 1u,
                                            dims->size() > 2 ? dims->at(2) : 1u};
      std::uint64_t threads = std::uint64_t(block[0]) * block[1] * block[2];
      if (threads > 1024) {
        problem(attr.getLocation(), "the block (" + std::to_string(block[0]) + ", " + std::to_string(block[1]) +
                                        ", " + std::to_string(block[2]) + ") has " + std::to_string(threads) +
                                        " threads; no GPU runs blocks of more than 1024");
        return;
      }
      if (block[2] > 64) {
        problem(attr.getLocation(), "a block's z extent is at most 64 on every GPU, not " + std::to_string(block[2]));
        return;
      }
      out_.block = block;
    } else if (name == kMaxThreadsAnnotation) {
      if (auto n = integers(attr, spelling, 1, 1, 1, 1024, "the thread bound")) out_.max_threads = n->at(0);
    } else if (name == kMinBlocksAnnotation) {
      if (auto n = integers(attr, spelling, 1, 1, 1, 32, "the number of blocks")) out_.min_blocks_per_sm = n->at(0);
    } else if (name == kDynamicSharedAnnotation) {
      auto range = integers(attr, spelling, 1, 2, 0, 0x7fffffff, "a shared memory size");
      if (!range) return;
      std::uint32_t min = range->size() == 2 ? range->at(0) : 0, max = range->back();
      if (min > max) {
        problem(attr.getLocation(), "the range of 'simt::dynamic_shared' is empty: the minimum " +
                                        std::to_string(min) + " is above the maximum " + std::to_string(max));
        return;
      }
      out_.dynamic_shared = std::pair{min, max};
    } else if (name == kMinArchAnnotation) {
      auto cc = integers(attr, spelling, 1, 1, 10, 999, "a compute capability (major * 10 + minor)");
      if (cc) out_.min_arch = cc->at(0);
    } else if (name == kClusterAnnotation) {
      auto dims = integers(attr, spelling, 1, 3, 1, 8, "a cluster extent");
      if (!dims) return;
      std::array<std::uint32_t, 3> cluster = {dims->at(0), dims->size() > 1 ? dims->at(1) : 1u,
                                              dims->size() > 2 ? dims->at(2) : 1u};
      const std::uint32_t blocks = cluster[0] * cluster[1] * cluster[2];
      if (blocks > 8) {
        problem(attr.getLocation(), "the cluster (" + std::to_string(cluster[0]) + ", " + std::to_string(cluster[1]) +
                                        ", " + std::to_string(cluster[2]) + ") has " + std::to_string(blocks) +
                                        " blocks; a cluster has at most 8 (the portable size every sm_90 GPU runs)");
        return;
      }
      out_.cluster = cluster;
    } else if (name == kRequiresAnnotation) {
      out_.requires_given = true;
      for (const clang::Expr* arg : attr.args()) read_requirement(arg);
    }
  }

  RequiresName lookup(std::string_view name) const {
    for (const clang::ParmVarDecl* param : kernel_.parameters()) {
      if (param->getName() != llvm::StringRef(name.data(), name.size())) continue;
      clang::QualType type = param->getType();
      RequiresName out;
      out.type = type.getAsString();
      ParamClass cls = classify_param(context_, type);
      switch (cls.kind) {
        case ParamKind::Scalar: {
          clang::QualType canonical = type.getCanonicalType();
          bool is_unsigned = canonical->isUnsignedIntegerType() && !canonical->isBooleanType() &&
                             !canonical->isEnumeralType();
          out.kind = is_unsigned ? RequiresName::Kind::Unsigned : RequiresName::Kind::OtherScalar;
          return out;
        }
        case ParamKind::Slice:
        case ParamKind::AtomicSlice:
          out.kind = RequiresName::Kind::Slice;
          return out;
        case ParamKind::DisjointSlice:
          out.kind = cls.space == IndexSpace::RuntimeRows ? RequiresName::Kind::RowsSlice : RequiresName::Kind::Slice;
          return out;
        default:
          out.kind = RequiresName::Kind::Other;
          return out;
      }
    }
    return {};
  }

  std::string suggestion(const std::string& unknown) const {
    std::string best;
    unsigned best_distance = 0;
    for (const clang::ParmVarDecl* param : kernel_.parameters()) {
      llvm::StringRef candidate = param->getName();
      if (candidate.empty()) continue;
      unsigned distance = llvm::StringRef(unknown).edit_distance(candidate);
      unsigned limit = std::max<unsigned>(1, unsigned(std::max(unknown.size(), candidate.size()) / 3));
      if (distance <= limit && (best.empty() || distance < best_distance)) {
        best = candidate.str();
        best_distance = distance;
      }
    }
    return best;
  }

  void read_requirement(const clang::Expr* arg) {
    const auto* literal = llvm::dyn_cast<clang::StringLiteral>(arg->IgnoreParenImpCasts());
    if (const auto* constant = llvm::dyn_cast<clang::ConstantExpr>(arg))
      literal = llvm::dyn_cast<clang::StringLiteral>(constant->getSubExpr()->IgnoreParenImpCasts());
    if (literal == nullptr || !literal->isOrdinary()) {
      problem(arg->getExprLoc(), "each argument of 'simt::requires' is a string literal such as \"x.size() >= n\"");
      return;
    }
    std::string text = literal->getString().str();
    RequiresError error;
    std::optional<ParsedRequirement> parsed =
        parse_requirement(text, [this](std::string_view name) { return lookup(name); }, out_.operands, error);
    if (parsed) {
      out_.requirements.push_back(std::move(*parsed));
      return;
    }
    clang::SourceLocation at = literal->getBeginLoc();
    if (!literal->containsNonAscii() && error.offset <= literal->getLength()) {
      const clang::SourceManager& sm = context_.getSourceManager();
      at = literal->getLocationOfByte(unsigned(std::min<std::size_t>(error.offset, literal->getLength())), sm,
                                      context_.getLangOpts(), context_.getTargetInfo());
    }
    std::string message = "in requirement '" + text + "': " + error.message;
    if (!error.unknown_name.empty()) {
      std::string close = suggestion(error.unknown_name);
      if (!close.empty()) message += "; did you mean '" + close + "'?";
    }
    problem(at, message);
  }

  void cross_check() {
    if (out_.block && out_.max_threads) {
      problem(locations_[kMaxThreadsAnnotation],
              "'simt::max_threads' cannot be combined with 'simt::block': the exact block shape already fixes "
              "the number of threads (PTX allows only one of .reqntid and .maxntid)",
              locations_[kBlockAnnotation], "'simt::block' is given here");
      out_.max_threads.reset();
    }
    if (out_.min_blocks_per_sm && !out_.block && !out_.max_threads &&
        locations_.count(kBlockAnnotation) == 0 && locations_.count(kMaxThreadsAnnotation) == 0) {
      problem(locations_[kMinBlocksAnnotation],
              "'simt::min_blocks_per_sm' needs 'simt::block' or 'simt::max_threads' on the same kernel: "
              "without a block size the residency hint means nothing (ptxas ignores .minnctapersm)");
      out_.min_blocks_per_sm.reset();
    }
  }

  clang::ASTContext& context_;
  const clang::FunctionDecl& kernel_;
  std::vector<ContractProblem>* problems_;
  LaunchContract out_;
  std::map<std::string, clang::SourceLocation> locations_;
};

}  // namespace

LaunchContract read_contract(clang::ASTContext& context, const clang::FunctionDecl& kernel,
                             std::vector<ContractProblem>* problems) {
  return Reader(context, kernel, problems).read();
}

std::string first_contract_attribute(const clang::Decl& decl, clang::SourceLocation* where) {
  for (const clang::AnnotateAttr* attr : decl.specific_attrs<clang::AnnotateAttr>()) {
    const char* spelling = spelling_of(attr->getAnnotation());
    if (spelling == nullptr) continue;
    if (where != nullptr) *where = attr->getLocation();
    return spelling;
  }
  return {};
}

}  // namespace simtc::frontend

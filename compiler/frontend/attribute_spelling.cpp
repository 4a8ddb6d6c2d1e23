#include "frontend/attribute_spelling.hpp"

#include <optional>

#include <clang/Basic/Attributes.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/ParsedAttrInfo.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/Token.h>
#include <llvm/ADT/StringRef.h>

#include "frontend/diagnostic.hpp"

namespace simtc::frontend {
namespace {

constexpr const char* kRule = " [simt-launch-contract]";

// The name of a [[...]] attribute without the __x__ decoration Clang accepts on unscoped names.
llvm::StringRef undecorated(llvm::StringRef name) {
  if (name.size() > 4 && name.starts_with("__") && name.ends_with("__")) return name.drop_front(2).drop_back(2);
  return name;
}

// The candidate closest to `typo`, ignoring case, within the edit distance Clang's own typo
// correction allows (a third of the typo's length).
std::optional<std::size_t> closest(llvm::StringRef typo, const std::vector<std::string>& candidates) {
  std::string lower = typo.lower();
  unsigned limit = unsigned(typo.size() + 2) / 3;
  std::optional<std::size_t> best;
  unsigned best_distance = limit + 1;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    unsigned distance = llvm::StringRef(lower).edit_distance(llvm::StringRef(candidates[i]).lower(),
                                                             /*AllowReplacements=*/true, limit + 1);
    if (distance < best_distance) {
      best = i;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace

AttributeSpellingCheck::AttributeSpellingCheck(clang::Preprocessor& pp) : pp_(pp) {
  // simt's attributes are the plugin spellings in namespace simt (frontend/attributes.cpp).
  for (const auto& info : clang::getAttributePluginInstances())
    for (const auto& spelling : info->Spellings) {
      llvm::StringRef name(spelling.NormalizedFullName);
      if (spelling.Syntax == clang::AttributeCommonInfo::AS_CXX11 && name.consume_front("simt::"))
        simt_names_.push_back(name.str());
    }
}

void AttributeSpellingCheck::on_token(const clang::Token& token) {
  if (token.isAnnotation()) return;  // the parser's own tokens, for what it has already seen
  const clang::IdentifierInfo* ident = token.getIdentifierInfo();  // identifiers and keywords
  switch (state_) {
    case State::Idle:
      if (token.is(clang::tok::l_square)) state_ = State::OneBracket;
      return;
    case State::OneBracket:
      if (token.is(clang::tok::l_square)) {
        state_ = State::ListStart;
        using_scope_.clear();
        using_loc_ = {};
      } else {
        reset();
      }
      return;
    case State::ListStart:
      if (token.is(clang::tok::kw_using)) {
        state_ = State::Using;
        return;
      }
      [[fallthrough]];
    case State::List:
      if (token.is(clang::tok::comma)) {
        state_ = State::List;
      } else if (token.is(clang::tok::r_square)) {
        state_ = State::Close;
      } else if (ident != nullptr) {
        scope_.clear();
        scope_loc_ = {};
        name_ = ident->getName().str();
        name_loc_ = token.getLocation();
        state_ = State::Name;
      } else {
        reset();
      }
      return;
    case State::Using:
      if (ident == nullptr) return reset();
      using_scope_ = ident->getName().str();
      using_loc_ = token.getLocation();
      state_ = State::UsingScope;
      return;
    case State::UsingScope:
      if (token.is(clang::tok::colon)) state_ = State::List;
      else reset();
      return;
    case State::Name:
      if (token.is(clang::tok::coloncolon) && scope_loc_.isInvalid() && using_scope_.empty()) {
        state_ = State::ScopedName;
        return;
      }
      attribute_done();
      break;  // `token` follows the attribute's name: handled below
    case State::ScopedName:
      if (ident == nullptr) return reset();
      scope_ = name_;
      scope_loc_ = name_loc_;
      name_ = ident->getName().str();
      name_loc_ = token.getLocation();
      state_ = State::Name;
      return;
    case State::Args:
      if (token.is(clang::tok::l_paren)) {
        ++depth_;
      } else if (token.is(clang::tok::r_paren)) {
        if (--depth_ == 0) state_ = State::AfterAttr;
      } else if (token.is(clang::tok::eof)) {
        reset();
      }
      return;
    case State::AfterAttr:
      break;
    case State::Close:
      reset();  // the second ']'
      return;
  }
  // After an attribute's name (or its arguments): arguments, a pack expansion, the next
  // attribute or the end of the list.
  if (token.is(clang::tok::l_paren) && state_ == State::Name) {
    state_ = State::Args;
    depth_ = 1;
  } else if (token.is(clang::tok::ellipsis)) {
    state_ = State::AfterAttr;
  } else if (token.is(clang::tok::comma)) {
    state_ = State::List;
  } else if (token.is(clang::tok::r_square)) {
    state_ = State::Close;
  } else {
    reset();
  }
}

void AttributeSpellingCheck::attribute_done() {
  const bool explicit_scope = scope_loc_.isValid();
  const std::string& scope = explicit_scope ? scope_ : using_scope_;
  llvm::StringRef name(name_);
  const clang::TargetInfo& target = pp_.getTargetInfo();
  const clang::LangOptions& lang = pp_.getLangOpts();
  std::string written = scope.empty() ? name_ : scope + "::" + name_;
  std::string suggestion;  // the full spelling to suggest, or empty

  if (scope == "simt") {
    for (const std::string& known : simt_names_)
      if (name == known) return;
    if (auto best = closest(name, simt_names_)) suggestion = "simt::" + simt_names_[*best];
  } else if (scope.empty()) {
    // simt's unscoped spellings (kernel, and the contract names its parser needs) are plugins.
    if (clang::hasAttribute(clang::AttributeCommonInfo::AS_CXX11, "", name, target, lang, /*CheckPlugins=*/true))
      return;
    auto best = closest(undecorated(name), simt_names_);
    if (!best) return;  // not one of simt's: Clang's warning stays
    const std::string& known = simt_names_[*best];
    suggestion = known == "kernel" ? known : "simt::" + known;
  } else {
    if (clang::hasAttribute(clang::AttributeCommonInfo::AS_CXX11, scope, name, target, lang, /*CheckPlugins=*/false))
      return;
    // A namespace spelled close to simt with one of simt's names: `smit::block`.
    std::vector<std::string> simt_scope = {"simt"};
    auto best = closest(name, simt_names_);
    if (!best || !closest(scope, simt_scope)) return;
    suggestion = "simt::" + simt_names_[*best];
  }

  clang::SourceLocation begin = explicit_scope ? scope_loc_ : name_loc_;
  clang::DiagnosticsEngine& diags = pp_.getDiagnostics();
  clang::CharSourceRange range = clang::CharSourceRange::getTokenRange(begin, name_loc_);
  if (!suggestion.empty()) {
    // Without an explicit namespace ([[using simt: blocks]]) only the name is replaced.
    std::string replacement = suggestion;
    if (!explicit_scope && !using_scope_.empty()) replacement = llvm::StringRef(suggestion).rsplit("::").second.str();
    report(diags, begin, /*is_error=*/true,
           "unknown attribute '" + written + "'; did you mean '" + suggestion + "'?" + kRule)
        << range << clang::FixItHint::CreateReplacement(range, replacement);
  } else {
    report(diags, begin, /*is_error=*/true, "unknown attribute '" + written + "'" + kRule) << range;
    std::string list;
    for (std::size_t i = 0; i < simt_names_.size(); ++i)
      list += (i == 0 ? "" : i + 1 == simt_names_.size() ? " and " : ", ") + simt_names_[i];
    report(diags, begin, /*is_error=*/false, "the attributes in namespace simt are " + list);
  }
  reported_.insert(begin.getRawEncoding());
  reported_.insert(name_loc_.getRawEncoding());
  if (using_loc_.isValid() && !explicit_scope) reported_.insert(using_loc_.getRawEncoding());
}

AttributeWarningFilter::AttributeWarningFilter(clang::DiagnosticConsumer* inner,
                                               std::unique_ptr<clang::DiagnosticConsumer> owned,
                                               std::shared_ptr<const AttributeSpellingCheck> check)
    : ForwardingConsumer(inner, std::move(owned)), check_(std::move(check)) {}

void AttributeWarningFilter::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
  unsigned id = info.getID();
  if ((id == clang::diag::warn_unknown_attribute_ignored || id == clang::diag::warn_unknown_attribute_ignored_suggestion) &&
      check_->reported_at(info.getLocation()))
    return;
  forward(level, info);
}

}  // namespace simtc::frontend

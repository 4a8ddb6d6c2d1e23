// A recursive-descent parser for requirement strings. It stops at the first problem: a
// requirement is a line of text, and one precise message beats a cascade.
#include "frontend/requires_expr.hpp"

#include <cctype>

namespace simtc::frontend {

std::string RequiresOperand::spelling() const {
  switch (what) {
    case What::Value: return param;
    case What::Size: return param + ".size()";
    case What::RowWidth: return param + ".row_width()";
    case What::Address: return param + ".address()";
  }
  return param;
}

namespace {

struct Token {
  enum class Kind { End, Number, Name, Punct } kind = Kind::End;
  std::string_view text;
  std::size_t offset = 0;
  std::uint64_t value = 0;
};

class Parser {
 public:
  Parser(std::string_view text, const std::function<RequiresName(std::string_view)>& lookup,
         std::vector<RequiresOperand>& operands, RequiresError& error)
      : text_(text), lookup_(lookup), operands_(operands), error_(error) {}

  std::optional<ParsedRequirement> parse() {
    ParsedRequirement out;
    out.text = std::string(text_);
    if (!advance()) return std::nullopt;
    if (token_.kind == Token::Kind::End) return fail(0, text_.size(), "the requirement is empty");
    if (!sum(out.lhs)) return std::nullopt;
    std::optional<RequiresCompare> compare = comparison();
    if (!compare) {
      if (token_.kind == Token::Kind::End)
        return fail(0, text_.size(), "a requirement compares two values: add one of < <= > >= == !=");
      return unexpected();
    }
    out.compare = *compare;
    if (!advance() || !sum(out.rhs)) return std::nullopt;
    if (comparison())
      return fail(token_.offset, token_.text.size(),
                  "a requirement has exactly one comparison; write each relation as its own requirement");
    if (token_.kind != Token::Kind::End) return unexpected();
    return out;
  }

 private:
  std::nullopt_t fail(std::size_t offset, std::size_t length, std::string message) {
    error_.offset = offset;
    error_.length = length == 0 ? 1 : length;
    error_.message = std::move(message);
    return std::nullopt;
  }

  std::nullopt_t unexpected() {
    if (token_.kind == Token::Kind::End) return fail(text_.size(), 1, "the requirement ends too early");
    if (token_.text == "/")
      return fail(token_.offset, 1, "'/' is not allowed in requirements (only + - *, and % by a literal)");
    return fail(token_.offset, token_.text.size(), "unexpected '" + std::string(token_.text) + "' in the requirement");
  }

  // Reads the next token into token_; false (with error_ set) on a bad character or number.
  bool advance() {
    std::size_t i = pos_;
    while (i < text_.size() && std::isspace(static_cast<unsigned char>(text_[i]))) ++i;
    token_ = Token{};
    token_.offset = i;
    if (i >= text_.size()) {
      pos_ = i;
      return true;
    }
    char c = text_[i];
    if (std::isdigit(static_cast<unsigned char>(c))) return number(i);
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i;
      while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_')) ++end;
      token_.kind = Token::Kind::Name;
      token_.text = text_.substr(i, end - i);
      pos_ = end;
      return true;
    }
    static constexpr std::string_view kTwo[] = {"<=", ">=", "==", "!="};
    for (std::string_view two : kTwo)
      if (text_.substr(i, 2) == two) {
        token_.kind = Token::Kind::Punct;
        token_.text = text_.substr(i, 2);
        pos_ = i + 2;
        return true;
      }
    if (std::string_view("+-*/%()<>.").find(c) != std::string_view::npos) {
      token_.kind = Token::Kind::Punct;
      token_.text = text_.substr(i, 1);
      pos_ = i + 1;
      return true;
    }
    fail(i, 1, std::string("unexpected '") + c + "' in the requirement");
    return false;
  }

  bool number(std::size_t start) {
    std::size_t i = start;
    unsigned base = 10;
    if (text_.substr(i, 2) == "0x" || text_.substr(i, 2) == "0X") {
      base = 16;
      i += 2;
    }
    std::uint64_t value = 0;
    bool digits = false, overflow = false;
    for (; i < text_.size(); ++i) {
      char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[i])));
      unsigned digit;
      if (c >= '0' && c <= '9') digit = unsigned(c - '0');
      else if (base == 16 && c >= 'a' && c <= 'f') digit = unsigned(c - 'a' + 10);
      else break;
      digits = true;
      if (__builtin_mul_overflow(value, std::uint64_t(base), &value) ||
          __builtin_add_overflow(value, std::uint64_t(digit), &value))
        overflow = true;
    }
    while (i < text_.size() && (text_[i] == 'u' || text_[i] == 'U' || text_[i] == 'l' || text_[i] == 'L')) ++i;
    std::size_t end = i;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_')) ++end;
    if (!digits || end != i) {
      fail(start, end - start, "'" + std::string(text_.substr(start, end - start)) + "' is not a number");
      return false;
    }
    if (overflow) {
      fail(start, end - start, "the literal " + std::string(text_.substr(start, end - start)) +
                                   " does not fit in 64 bits");
      return false;
    }
    token_.kind = Token::Kind::Number;
    token_.text = text_.substr(start, end - start);
    token_.value = value;
    pos_ = end;
    return true;
  }

  bool is(std::string_view punct) const { return token_.kind == Token::Kind::Punct && token_.text == punct; }

  std::optional<RequiresCompare> comparison() const {
    if (token_.kind != Token::Kind::Punct) return std::nullopt;
    if (token_.text == "<") return RequiresCompare::Lt;
    if (token_.text == "<=") return RequiresCompare::Le;
    if (token_.text == ">") return RequiresCompare::Gt;
    if (token_.text == ">=") return RequiresCompare::Ge;
    if (token_.text == "==") return RequiresCompare::Eq;
    if (token_.text == "!=") return RequiresCompare::Ne;
    return std::nullopt;
  }

  bool sum(std::vector<RequiresTerm>& out) {
    if (!product(out)) return false;
    while (is("+") || is("-")) {
      RequiresTerm::Op op = is("+") ? RequiresTerm::Op::Add : RequiresTerm::Op::Sub;
      if (!advance() || !product(out)) return false;
      out.push_back({op, 0});
    }
    return true;
  }

  bool product(std::vector<RequiresTerm>& out) {
    if (!primary(out)) return false;
    while (is("*") || is("%")) {
      if (is("%")) {
        // x % c with a literal c > 0: never a division by zero, and a fact the device can use.
        if (!advance()) return false;
        if (token_.kind != Token::Kind::Number || token_.value == 0)
          return fail(token_.offset, token_.text.size(), "the right side of '%' must be a literal above zero"), false;
        out.push_back({RequiresTerm::Op::Literal, token_.value});
        out.push_back({RequiresTerm::Op::Rem, 0});
        if (!advance()) return false;
        continue;
      }
      if (!advance() || !primary(out)) return false;
      out.push_back({RequiresTerm::Op::Mul, 0});
    }
    return true;
  }

  bool primary(std::vector<RequiresTerm>& out) {
    if (token_.kind == Token::Kind::Number) {
      out.push_back({RequiresTerm::Op::Literal, token_.value});
      return advance();
    }
    if (is("(")) {
      std::size_t open = token_.offset;
      if (!advance() || !sum(out)) return false;
      if (!is(")")) return fail(open, 1, "this '(' is never closed"), false;
      return advance();
    }
    if (token_.kind == Token::Kind::Name) return name(out);
    return unexpected(), false;
  }

  bool name(std::vector<RequiresTerm>& out) {
    Token name = token_;
    std::string param(name.text);
    RequiresName info = lookup_(name.text);
    if (!advance()) return false;
    RequiresOperand operand{param, RequiresOperand::What::Value};
    std::size_t end = name.offset + name.text.size();
    if (is(".")) {
      if (!advance()) return false;
      if (token_.kind != Token::Kind::Name) return unexpected(), false;
      Token member = token_;
      if (!advance()) return false;
      if (!is("(")) return unexpected(), false;
      if (!advance()) return false;
      if (!is(")")) return unexpected(), false;
      end = token_.offset + 1;
      if (!advance()) return false;
      if (member.text == "size") {
        operand.what = RequiresOperand::What::Size;
      } else if (member.text == "row_width") {
        operand.what = RequiresOperand::What::RowWidth;
      } else if (member.text == "address") {
        operand.what = RequiresOperand::What::Address;
      } else {
        return fail(member.offset, member.text.size(),
                    "requirements can use a slice's size() and address() (and a RuntimeRows slice's "
                    "row_width()), not '" + std::string(member.text) + "()'"),
               false;
      }
    }
    std::size_t length = end - name.offset;
    switch (info.kind) {
      case RequiresName::Kind::Unknown:
        error_.unknown_name = param;
        return fail(name.offset, name.text.size(), "the kernel has no parameter named '" + param + "'"), false;
      case RequiresName::Kind::OtherScalar:
      case RequiresName::Kind::Other:
        return fail(name.offset, length,
                    "'" + param + "' has type '" + info.type +
                        "'; requirements use unsigned integer parameters and slice sizes"),
               false;
      case RequiresName::Kind::Unsigned:
        if (operand.what != RequiresOperand::What::Value)
          return fail(name.offset, length, "'" + param + "' is a scalar; only slices have size() and address()"),
                 false;
        break;
      case RequiresName::Kind::Slice:
      case RequiresName::Kind::RowsSlice:
        if (operand.what == RequiresOperand::What::Value)
          return fail(name.offset, length,
                      "'" + param + "' is a slice; write '" + param + ".size()' for its number of elements"),
                 false;
        if (operand.what == RequiresOperand::What::RowWidth && info.kind != RequiresName::Kind::RowsSlice)
          return fail(name.offset, length,
                      "'" + param + "' has no row width: only a DisjointSlice<T, simt::space::RuntimeRows> has one"),
                 false;
        break;
    }
    std::uint64_t index = 0;
    while (index < operands_.size() && !(operands_[index] == operand)) ++index;
    if (index == operands_.size()) operands_.push_back(operand);
    out.push_back({RequiresTerm::Op::Operand, index});
    return true;
  }

  std::string_view text_;
  const std::function<RequiresName(std::string_view)>& lookup_;
  std::vector<RequiresOperand>& operands_;
  RequiresError& error_;
  std::size_t pos_ = 0;
  Token token_;
};

}  // namespace

std::optional<ParsedRequirement> parse_requirement(
    std::string_view text, const std::function<RequiresName(std::string_view)>& lookup,
    std::vector<RequiresOperand>& operands, RequiresError& error) {
  std::vector<RequiresOperand> added = operands;  // left untouched on failure
  Parser parser(text, lookup, added, error);
  std::optional<ParsedRequirement> result = parser.parse();
  if (result) operands = std::move(added);
  return result;
}

}  // namespace simtc::frontend

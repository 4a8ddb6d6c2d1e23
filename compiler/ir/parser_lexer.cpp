#include "ir/parser_lexer.hpp"

namespace simtc::ir::parser_detail {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.' || c == '$' || c == '+' || c == '-';
}
bool name_char(char c) { return word_char(c) && c != '+' && c != '-'; }

}  // namespace

std::vector<Token> lex(std::string_view text, std::string& error) {
  std::vector<Token> out;
  unsigned line = 1, col = 1;
  std::size_t i = 0;
  auto err = [&](const std::string& msg) {
    error = std::to_string(line) + ":" + std::to_string(col) + ": " + msg;
  };
  while (i < text.size() && error.empty()) {
    char c = text[i];
    Token t{Tok::End, "", line, col};
    std::size_t start = i;
    if (c == ' ' || c == '\t' || c == '\r') { ++i; ++col; continue; }
    if (c == ';') {
      while (i < text.size() && text[i] != '\n') ++i;
      col += static_cast<unsigned>(i - start);
      continue;
    }
    if (c == '\n') {
      out.push_back({Tok::Newline, "", line, col});
      ++i, ++line, col = 1;
      continue;
    }
    auto read_string = [&]() -> bool {  // text[i] is the opening quote
      ++i;
      while (i < text.size() && text[i] != '"' && text[i] != '\n') {
        bool escaped = text[i] == '\\' && i + 1 < text.size();
        if (escaped) ++i;
        t.text += escaped && text[i] == 'n' ? '\n' : text[i];
        ++i;
      }
      if (i >= text.size() || text[i] != '"') return false;
      ++i;
      return true;
    };
    if (c == '"') {
      if (!read_string()) { err("unterminated string"); break; }
      t.kind = Tok::String;
    } else if (c == '%' || c == '@') {
      ++i;
      if (c == '@' && i < text.size() && text[i] == '"') {
        if (!read_string()) { err("unterminated string"); break; }
      } else {
        while (i < text.size() && name_char(text[i])) t.text += text[i++];
        if (t.text.empty()) { err(std::string("expected a name after '") + c + "'"); break; }
      }
      t.kind = c == '%' ? Tok::Local : Tok::Global;
    } else if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
      i += 2;
      t.kind = Tok::Arrow;
    } else if (word_char(c)) {
      while (i < text.size() && word_char(text[i])) t.text += text[i++];
      t.kind = Tok::Word;
    } else {
      static const std::string kPunct = "()[]{},:=<>";
      static const Tok kKinds[] = {Tok::LParen, Tok::RParen, Tok::LBracket, Tok::RBracket,
                                   Tok::LBrace, Tok::RBrace, Tok::Comma, Tok::Colon,
                                   Tok::Equal, Tok::Less, Tok::Greater};
      auto p = kPunct.find(c);
      if (p == std::string::npos) { err(std::string("unexpected character '") + c + "'"); break; }
      ++i;
      t.kind = kKinds[p];
    }
    col += static_cast<unsigned>(i - start);
    out.push_back(std::move(t));
  }
  out.push_back({Tok::End, "", line, col});
  return out;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

bool read_decimal(const std::string& s, std::uint64_t& out) {
  if (!all_digits(s)) return false;
  out = 0;
  for (char c : s) {
    auto d = static_cast<std::uint64_t>(c - '0');
    if (out > (~std::uint64_t{0} - d) / 10) return false;
    out = out * 10 + d;
  }
  return true;
}

bool decode_hex(const std::string& hex, std::vector<std::uint8_t>& bytes) {
  auto nibble = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    bytes.push_back(static_cast<std::uint8_t>(hi * 16 + lo));
  }
  return true;
}

}  // namespace simtc::ir::parser_detail

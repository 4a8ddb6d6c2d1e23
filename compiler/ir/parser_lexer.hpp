// Tokens of the IR text form (internal to the parser).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simtc::ir::parser_detail {

enum class Tok {
  Word, Local, Global, String, Newline, LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  Comma, Colon, Equal, Less, Greater, Arrow, End
};

struct Token {
  Tok kind;
  std::string text;
  unsigned line, col;
};

/// Splits `text` into tokens, ending with an End token. Newlines are tokens (instructions
/// end at them); `; comments` are skipped. On a bad character sets `error` ("line:col: ...").
std::vector<Token> lex(std::string_view text, std::string& error);

bool all_digits(const std::string& s);
/// Reads an unsigned decimal; false unless all digits and at most 2^64 - 1.
bool read_decimal(const std::string& s, std::uint64_t& out);
/// Two hex digits per byte; false on a bad digit.
bool decode_hex(const std::string& hex, std::vector<std::uint8_t>& bytes);

}  // namespace simtc::ir::parser_detail

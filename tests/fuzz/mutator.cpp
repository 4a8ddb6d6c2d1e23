#include "mutator.hpp"

#include <cctype>
#include <fstream>
#include <utility>

namespace simtc::fuzz {
namespace {

constexpr char kInterestingChars[] = "{}()[]<>;:,.=+-*/%&|^!~?'\"\\#\n\t 0179aAzZ_";
const char* const kInterestingNumbers[] = {
    "0", "1", "-1", "2", "31", "32", "33", "63", "64", "127", "128", "255", "256", "1023", "1024",
    "4096", "65535", "65536", "2147483647", "-2147483648", "2147483648", "4294967295", "4294967296",
    "9223372036854775807", "18446744073709551615", "0x7fffffff", "0xffffffff", "1e308", "1e-308",
    "3.4e38", "0.0", "-0.0", "1.5f", "1u", "0ull"};

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The word (identifier or number) at or after `pos`: [begin, end), or begin == end if none.
std::pair<std::size_t, std::size_t> word_at(const std::string& text, std::size_t pos) {
  while (pos < text.size() && !is_word(text[pos])) ++pos;
  std::size_t begin = pos;
  while (begin > 0 && is_word(text[begin - 1])) --begin;
  std::size_t end = pos;
  while (end < text.size() && is_word(text[end])) ++end;
  return {begin, end};
}

// The line holding `pos`: [begin, end) with its newline.
std::pair<std::size_t, std::size_t> line_at(const std::string& text, std::size_t pos) {
  std::size_t begin = text.rfind('\n', pos == 0 ? 0 : pos - 1);
  begin = begin == std::string::npos || pos == 0 ? 0 : begin + 1;
  std::size_t end = text.find('\n', pos);
  end = end == std::string::npos ? text.size() : end + 1;
  return {begin, end};
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Mutator::Mutator(std::uint64_t seed, std::vector<std::string> dictionary, std::size_t max_size)
    : rng_(seed), dictionary_(std::move(dictionary)), max_size_(max_size) {}

std::string Mutator::mutate(const std::string& input, const std::vector<std::string>& corpus) {
  std::string text = input;
  const std::size_t edits = 1 + rng_.below(4);
  for (std::size_t i = 0; i < edits; ++i) edit(text, corpus);
  if (text.size() > max_size_) text.resize(max_size_);
  return text;
}

void Mutator::edit(std::string& text, const std::vector<std::string>& corpus) {
  const std::size_t pos = rng_.below(text.size() + 1);
  const std::string* other = corpus.empty() ? nullptr : &corpus[rng_.below(corpus.size())];
  const std::string& token =
      dictionary_.empty() ? std::string(1, kInterestingChars[rng_.below(sizeof kInterestingChars - 1)])
                          : dictionary_[rng_.below(dictionary_.size())];
  switch (rng_.below(13)) {
    case 0:  // flip one bit
      if (pos < text.size()) text[pos] = char(text[pos] ^ (1u << rng_.below(8)));
      break;
    case 1:  // overwrite a byte with a character that matters to a lexer
      if (pos < text.size()) text[pos] = kInterestingChars[rng_.below(sizeof kInterestingChars - 1)];
      break;
    case 2:  // insert such a character
      text.insert(pos, 1, kInterestingChars[rng_.below(sizeof kInterestingChars - 1)]);
      break;
    case 3:  // delete a few bytes
      text.erase(pos, 1 + rng_.below(16));
      break;
    case 4: {  // delete a line
      auto [begin, end] = line_at(text, pos);
      text.erase(begin, end - begin);
      break;
    }
    case 5: {  // copy a chunk elsewhere in the same input
      if (text.empty()) break;
      std::size_t from = rng_.below(text.size());
      std::string chunk = text.substr(from, 1 + rng_.below(64));
      text.insert(pos, chunk);
      break;
    }
    case 6: {  // duplicate a line
      auto [begin, end] = line_at(text, pos);
      text.insert(begin, text.substr(begin, end - begin));
      break;
    }
    case 7:  // insert a dictionary token, usually as a word of its own
      text.insert(pos, rng_.chance(70) ? " " + token + " " : token);
      break;
    case 8: {  // replace a word with a dictionary token
      auto [begin, end] = word_at(text, pos);
      if (begin < end) text.replace(begin, end - begin, token);
      break;
    }
    case 9: {  // swap two words
      auto a = word_at(text, pos);
      auto b = word_at(text, rng_.below(text.size() + 1));
      if (a.first == a.second || b.first == b.second || a.first == b.first) break;
      if (a.first > b.first) std::swap(a, b);
      if (a.second > b.first) break;
      std::string wa = text.substr(a.first, a.second - a.first);
      std::string wb = text.substr(b.first, b.second - b.first);
      text.replace(b.first, wb.size(), wa);
      text.replace(a.first, wa.size(), wb);
      break;
    }
    case 10: {  // replace a number with a boundary value
      std::size_t at = pos;
      while (at < text.size() && !std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
      auto [begin, end] = word_at(text, at);
      if (begin < end)
        text.replace(begin, end - begin, kInterestingNumbers[rng_.below(std::size(kInterestingNumbers))]);
      break;
    }
    case 11:  // insert a chunk of another input
      if (other && !other->empty()) text.insert(pos, other->substr(rng_.below(other->size()), 1 + rng_.below(256)));
      break;
    default:  // crossover: this input's head, another's tail
      if (other) text = text.substr(0, pos) + other->substr(rng_.below(other->size() + 1));
      break;
  }
}

bool read_dictionary(const std::string& path, std::vector<std::string>& values, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::size_t open = line.find('"');
    std::size_t close = line.rfind('"');
    if (open == std::string::npos || close <= open) {
      error = path + ":" + std::to_string(number) + ": expected a quoted value";
      return false;
    }
    std::string value;
    for (std::size_t i = open + 1; i < close; ++i) {
      if (line[i] != '\\') {
        value += line[i];
      } else if (i + 1 < close && (line[i + 1] == '\\' || line[i + 1] == '"')) {
        value += line[++i];
      } else if (i + 3 < close && line[i + 1] == 'x' && hex_digit(line[i + 2]) >= 0 && hex_digit(line[i + 3]) >= 0) {
        value += char(hex_digit(line[i + 2]) * 16 + hex_digit(line[i + 3]));
        i += 3;
      } else {
        error = path + ":" + std::to_string(number) + ": bad escape";
        return false;
      }
    }
    values.push_back(value);
  }
  return true;
}

}  // namespace simtc::fuzz

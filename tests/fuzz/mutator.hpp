// A small seeded mutator for the replay drivers (replay_main.cpp): the same seed, corpus and
// dictionary give the same mutants on every machine, so a CI failure reproduces exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace simtc::fuzz {

/// splitmix64: tiny, fast and the same everywhere (std::mt19937's distributions are not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  /// Uniform in [0, n); 0 when n is 0.
  std::size_t below(std::size_t n) { return n == 0 ? 0 : std::size_t(next() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

class Mutator {
 public:
  /// `dictionary`: tokens to insert or substitute (a libFuzzer dictionary's values).
  Mutator(std::uint64_t seed, std::vector<std::string> dictionary, std::size_t max_size);
  /// One to four stacked edits of `input`; `corpus` supplies splice material.
  std::string mutate(const std::string& input, const std::vector<std::string>& corpus);

 private:
  void edit(std::string& text, const std::vector<std::string>& corpus);
  Rng rng_;
  std::vector<std::string> dictionary_;
  std::size_t max_size_;
};

/// The values of a libFuzzer dictionary file: lines `name="value"` or `"value"`, with \\, \"
/// and \xNN escapes; '#' starts a comment line. Returns false when the file cannot be read or
/// a line is malformed (`error` says which).
bool read_dictionary(const std::string& path, std::vector<std::string>& values, std::string& error);

}  // namespace simtc::fuzz

// Source locations carried from the user's C++ through every stage of the pipeline.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace simtc {

/// A position in a user source file. `file` indexes a FileTable; line and column are
/// 1-based, and 0 means "unknown" (compiler-generated code).
struct SourceLoc {
  std::uint32_t file = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  bool valid() const { return line != 0; }
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
  friend auto operator<=>(const SourceLoc&, const SourceLoc&) = default;
};

/// The files a module's locations refer to, in order of first use.
class FileTable {
 public:
  /// Returns the index of `path`, adding it when it is new.
  std::uint32_t intern(const std::string& path);
  const std::string& path(std::uint32_t index) const { return paths_.at(index); }
  std::size_t size() const { return paths_.size(); }
  /// Marks a file as a system header (simt's own headers are included as such): a fault
  /// inside one is reported at the user's call that reached it.
  void mark_system(std::uint32_t index);
  bool is_system(std::uint32_t index) const { return index < system_.size() && system_[index]; }

  /// "file:line:col", or "<unknown>" for an invalid location.
  std::string format(const SourceLoc& loc) const;

 private:
  std::vector<std::string> paths_;
  std::vector<bool> system_;
};

}  // namespace simtc

#include "support/source_loc.hpp"

namespace simtc {

std::uint32_t FileTable::intern(const std::string& path) {
  for (std::uint32_t i = 0; i < paths_.size(); ++i)
    if (paths_[i] == path) return i;
  paths_.push_back(path);
  return static_cast<std::uint32_t>(paths_.size() - 1);
}

void FileTable::mark_system(std::uint32_t index) {
  if (index >= system_.size()) system_.resize(index + 1, false);
  system_[index] = true;
}

std::string FileTable::format(const SourceLoc& loc) const {
  if (!loc.valid() || loc.file >= paths_.size()) return "<unknown>";
  return paths_[loc.file] + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

}  // namespace simtc

// Parsing ptxas -v output. The format (CUDA 12 and 13):
//   ptxas info    : Compiling entry function 'vecadd' for 'sm_90'
//   ptxas info    : Function properties for vecadd
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 12 registers, used 1 barriers, 4096 bytes smem, 384 bytes cmem[0]
// Device functions that are not inlined get their own "Function properties" block, so the
// numbers are attached to the entry named by the last "Compiling entry function" line.
#include "ptxas_log.hpp"

#include <cstdlib>
#include <sstream>

namespace bench {
namespace {

// The number just before `unit` in `line` (e.g. "12" before " registers"), or -1.
long number_before(std::string_view line, std::string_view unit) {
  const std::size_t at = line.find(unit);
  if (at == std::string_view::npos) return -1;
  std::size_t begin = at;
  while (begin > 0 && line[begin - 1] >= '0' && line[begin - 1] <= '9') --begin;
  if (begin == at) return -1;
  return std::strtol(std::string(line.substr(begin, at - begin)).c_str(), nullptr, 10);
}

}  // namespace

std::vector<PtxasEntry> parse_ptxas_log(std::string_view log) {
  std::vector<PtxasEntry> entries;
  std::istringstream in{std::string(log)};
  std::string line;
  bool in_entry_properties = false;
  while (std::getline(in, line)) {
    constexpr std::string_view kCompiling = "Compiling entry function '";
    if (std::size_t at = line.find(kCompiling); at != std::string::npos) {
      const std::size_t begin = at + kCompiling.size();
      entries.push_back(PtxasEntry{line.substr(begin, line.find('\'', begin) - begin)});
      in_entry_properties = false;
      continue;
    }
    if (entries.empty()) continue;
    PtxasEntry& e = entries.back();
    constexpr std::string_view kProperties = "Function properties for ";
    if (std::size_t at = line.find(kProperties); at != std::string::npos) {
      in_entry_properties = line.substr(at + kProperties.size()) == e.name;
      continue;
    }
    if (in_entry_properties && line.find("bytes stack frame") != std::string::npos) {
      e.stack_bytes = number_before(line, " bytes stack frame");
      e.spill_store_bytes = number_before(line, " bytes spill stores");
      e.spill_load_bytes = number_before(line, " bytes spill loads");
      continue;
    }
    if (line.find("Used ") != std::string::npos && line.find(" registers") != std::string::npos) {
      e.registers = static_cast<int>(number_before(line, " registers"));
      if (long b = number_before(line, " barriers"); b >= 0) e.barriers = static_cast<int>(b);
      if (long s = number_before(line, " bytes smem"); s >= 0) e.shared_bytes = s;
    }
  }
  return entries;
}

std::optional<PtxasEntry> find_entry(std::string_view log, std::string_view name) {
  for (PtxasEntry& e : parse_ptxas_log(log))
    if (e.name == name) return e;
  return std::nullopt;
}

}  // namespace bench

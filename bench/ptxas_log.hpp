// The resource report `ptxas -v` prints for each entry point (registers, spills, stack,
// shared memory, barriers), parsed from the logs the build embeds.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct PtxasEntry {
  std::string name;
  int registers = 0;
  int barriers = 0;
  long stack_bytes = 0;
  long spill_store_bytes = 0;
  long spill_load_bytes = 0;
  long shared_bytes = 0;  ///< static shared memory ("bytes smem")
};

/// Every entry function of a ptxas -v log, in order.
std::vector<PtxasEntry> parse_ptxas_log(std::string_view log);

/// The entry named `name`, if the log has it.
std::optional<PtxasEntry> find_entry(std::string_view log, std::string_view name);

}  // namespace bench

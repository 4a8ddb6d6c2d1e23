// Facts about the Clang that simtc links, for `simtc doctor`. No Clang types here.
#pragma once

#include <string>

namespace simtc::frontend {

/// The version of the Clang libraries simtc was built against, e.g. "22.1.8".
std::string clang_version();

}  // namespace simtc::frontend

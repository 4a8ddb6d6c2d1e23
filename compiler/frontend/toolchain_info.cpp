#include "frontend/toolchain_info.hpp"

#include <clang/Basic/Version.h>

namespace simtc::frontend {

std::string clang_version() { return CLANG_VERSION_STRING; }

}  // namespace simtc::frontend

// Parses the printer's text form back into a Module, so pass tests can start from text.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ir/module.hpp"

namespace simtc::ir {

struct ParseResult {
  std::unique_ptr<Module> module;  // null on error
  std::string error;               // "line:col: message" on error
};

/// Parses a whole module. Source locations printed as comments are not read back.
ParseResult parse(std::string_view text);

}  // namespace simtc::ir

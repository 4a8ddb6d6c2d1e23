// Helpers shared by the pass tests: parse IR text, run a pass, print the result.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::passes::test {

/// Parses `text` (which must be valid IR), runs `pass`, checks the result still verifies,
/// and returns it printed.
inline std::string run_on(const std::string& text, const std::function<void(ir::Module&)>& pass) {
  ir::ParseResult r = ir::parse(text);
  EXPECT_EQ(r.error, "");
  if (!r.module) return "<parse error>";
  EXPECT_EQ(ir::format_errors(ir::verify(*r.module)), "") << "input is invalid";
  pass(*r.module);
  EXPECT_EQ(ir::format_errors(ir::verify(*r.module)), "") << "output is invalid";
  return ir::print(*r.module);
}

}  // namespace simtc::passes::test

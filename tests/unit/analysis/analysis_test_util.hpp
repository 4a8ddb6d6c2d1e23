// Helpers shared by the analysis tests: parse IR text, run a transformation, print the result.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::analysis::test {

inline std::unique_ptr<ir::Module> parse_ok(const std::string& text) {
  ir::ParseResult r = ir::parse(text);
  EXPECT_EQ(r.error, "");
  if (r.module) {
    EXPECT_EQ(ir::format_errors(ir::verify(*r.module)), "") << "input is invalid";
  }
  return std::move(r.module);
}

/// Parses `text`, runs `fn` on the module's first function, checks that the result verifies
/// and returns it printed.
inline std::string run_on(const std::string& text,
                          const std::function<void(ir::Module&, ir::Function&)>& fn) {
  std::unique_ptr<ir::Module> m = parse_ok(text);
  if (!m) return "<parse error>";
  fn(*m, *m->functions().at(0));
  EXPECT_EQ(ir::format_errors(ir::verify(*m)), "") << "output is invalid";
  return ir::print(*m);
}

}  // namespace simtc::analysis::test

// Helpers shared by the IR tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ir/parser.hpp"
#include "ir/printer.hpp"

namespace simtc::ir::test {

/// Parses `text`, failing the test (and returning an empty module) on a parse error.
inline std::unique_ptr<Module> parse_ok(const std::string& text) {
  ParseResult r = parse(text);
  EXPECT_EQ(r.error, "");
  if (!r.module) return std::make_unique<Module>();
  return std::move(r.module);
}

/// The instruction `index` of block `block` of the first function.
inline Instruction* inst_at(Module& m, unsigned block, unsigned index) {
  return m.functions().at(0)->blocks().at(block)->instructions().at(index);
}

}  // namespace simtc::ir::test

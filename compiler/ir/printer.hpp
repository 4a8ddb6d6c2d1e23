// The stable text form of the simt IR (docs/ir.md gives the grammar). Tests compare it.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "ir/module.hpp"

namespace simtc::ir {

struct PrintOptions {
  bool locations = false;  // append "; file:line:col" to instructions with a location
};

std::string print(const Module& module, const PrintOptions& options = {});
std::string print(const Function& fn, const PrintOptions& options = {});
void print(std::ostream& os, const Module& module, const PrintOptions& options = {});

/// Names of values and blocks as the printer shows them ("%3", "%x", "entry"); stable for
/// one function. The verifier uses it to point into the printed form.
class NameMap {
 public:
  explicit NameMap(const Function& fn);
  std::string value(const Value* v) const;   // with the leading '%' or '@', constants inline
  std::string block(const Block* b) const;
 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

/// One instruction as printed on its own line (without indentation).
std::string print_instruction(const Instruction& inst, const NameMap& names);

}  // namespace simtc::ir

// An ordered list of named passes over an ir::Module, with the verifier between them.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "ir/module.hpp"
#include "support/diagnostics.hpp"

namespace simtc::passes {

struct PipelineOptions {
  bool verify_each = true;       // run the verifier after every pass (it always runs before the first)
  bool print_after_all = false;  // "; *** IR after <name> ***" and the module after each pass
  bool time_passes = false;      // a table of wall times per pass at the end
  std::ostream* dump = nullptr;  // where the above (and verifier failures) go; null: stderr
  // Called after each pass that succeeded, with the pass's name and the module as it left it
  // (`simtc pipeline` writes each stage to a file).
  std::function<void(const std::string& pass, const ir::Module& module)> after_pass;
};

class Pipeline {
 public:
  using PassFn = std::function<void(ir::Module&, DiagnosticSink&)>;

  void add(std::string name, PassFn fn);
  /// Runs the passes in order. Returns false, after the pass at fault, when the verifier
  /// rejects the module (printing "internal compiler error: IR invalid after pass '<name>'"
  /// and the errors to the dump stream) or when the sink has errors.
  bool run(ir::Module& module, DiagnosticSink& sink, const PipelineOptions& options) const;
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;
  std::vector<PassFn> passes_;
};

}  // namespace simtc::passes

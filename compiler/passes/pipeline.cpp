#include "passes/pipeline.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>

#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace simtc::passes {

void Pipeline::add(std::string name, PassFn fn) {
  names_.push_back(std::move(name));
  passes_.push_back(std::move(fn));
}

bool Pipeline::run(ir::Module& module, DiagnosticSink& sink,
                   const PipelineOptions& options) const {
  using Clock = std::chrono::steady_clock;
  std::ostream& os = options.dump ? *options.dump : std::cerr;
  double verify_ms = 0;
  std::vector<double> pass_ms;
  auto ms_since = [](Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };
  auto verified = [&](const std::string& when) {
    auto start = Clock::now();
    std::vector<ir::VerifierError> errors = ir::verify(module);
    verify_ms += ms_since(start);
    if (errors.empty()) return true;
    os << "internal compiler error: IR invalid " << when << "\n" << ir::format_errors(errors);
    return false;
  };
  auto report_times = [&] {
    if (!options.time_passes) return;
    char line[128];
    double total = verify_ms;
    os << "; pass timings (wall clock)\n";
    for (std::size_t i = 0; i < pass_ms.size(); ++i) {
      std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", names_[i].c_str(), pass_ms[i]);
      os << line;
      total += pass_ms[i];
    }
    std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", "(verifier)", verify_ms);
    os << line;
    std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", "total", total);
    os << line;
  };

  if (!verified("on input to the pass pipeline")) return false;
  for (std::size_t i = 0; i < passes_.size(); ++i) {
    auto start = Clock::now();
    passes_[i](module, sink);
    pass_ms.push_back(ms_since(start));
    if (options.print_after_all) os << "; *** IR after " << names_[i] << " ***\n" << ir::print(module);
    if (sink.has_errors() ||
        (options.verify_each && !verified("after pass '" + names_[i] + "'"))) {
      report_times();
      return false;
    }
    if (options.after_pass) options.after_pass(names_[i], module);
  }
  report_times();
  return true;
}

}  // namespace simtc::passes

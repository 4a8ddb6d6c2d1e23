// fuzz_ir: the simt IR text parser, the verifier and the printer. Any text may be rejected by
// the parser. Failures: a crash or an abort anywhere; a parsed module whose printed form does
// not parse again, or prints differently the second time; a module the verifier accepts whose
// reparsed copy it rejects.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace {

[[noreturn]] void fail(const std::string& what, const std::string& text) {
  std::fprintf(stderr, "fuzz_ir: %s\n--- printed module ---\n%s\n---\n", what.c_str(), text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace simtc::ir;
  ParseResult first = parse(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!first.module) return 0;
  const std::vector<VerifierError> errors = verify(*first.module);
  if (!errors.empty()) (void)format_errors(errors);
  const std::string printed = print(*first.module);
  ParseResult second = parse(printed);
  if (!second.module) fail("the printed module does not parse: " + second.error, printed);
  const std::string reprinted = print(*second.module);
  if (reprinted != printed) fail("the reparsed module prints differently:\n" + reprinted, printed);
  if (errors.empty() && !verify(*second.module).empty())
    fail("the verifier rejects the reparsed copy of a module it accepts", printed);
  return 0;
}

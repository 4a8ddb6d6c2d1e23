#include "support/ice.hpp"

#include <cstdio>
#include <cstdlib>

namespace simtc {

void internal_error(const char* file, int line, const std::string& what) {
  std::fprintf(stderr,
               "simtc: internal compiler error: %s\n"
               "  (at %s:%d)\n"
               "  this is a bug in simtc, not in your code; please report it with the kernel "
               "file and the command line\n",
               what.c_str(), file, line);
  std::fflush(stderr);
  std::abort();
}

}  // namespace simtc

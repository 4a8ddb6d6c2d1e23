// Two rule violations (tests/cli/check_format.test, tests/cli/verbose.test): a raw pointer
// parameter (with a note saying what to use instead) and a goto.
#include <simt/kernel.hpp>

[[kernel]] void two(simt::DisjointSlice<float> out, int* raw) {
  int n = *raw;
  goto done;
done:
  (void)n;
}

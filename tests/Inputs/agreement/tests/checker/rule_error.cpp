// A checker error: check and build agree.
#include <simt/kernel.hpp>
[[kernel]] void k(float* data) {}

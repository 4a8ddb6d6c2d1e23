// --fmad=false: a * b + c rounds the product, then the sum, exactly as the host build does.
#define CONTRACTION_NAME(name) name##_separate
#include "contraction.inc"

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "contraction_off.simt.hpp"

namespace {
using namespace conformance;

long double product_term(Rng& rng) { return std::uniform_real_distribution<double>(1, 2)(rng); }
long double cancelling(Rng& rng) { return -std::uniform_real_distribution<double>(1, 4)(rng); }

CONFORMANCE(contraction_off_kernels, mul_add_f32_separate, exact(), in(product_term), in(product_term),
            in(cancelling), out());
CONFORMANCE(contraction_off_kernels, mul_add_f64_separate, exact(), in(product_term), in(product_term),
            in(cancelling), out());

}  // namespace
#endif

// simt:: math for double on the GPU (libdevice) against the host, within the documented bounds.
#define MATH_TYPE double
#define MATH_NAME(name) name##_f64
#include "math_kernels.inc"

#if !defined(__SIMTC__)
#include "math_f64.simt.hpp"

namespace {
using namespace conformance;
#define REGISTER_UNARY(name, host) MATH_REGISTER_UNARY(math_f64_kernels, name)
#define REGISTER_BINARY(name, host) MATH_REGISTER_BINARY(math_f64_kernels, name)
SIMT_MATH_EXACT_UNARY_LIST(REGISTER_UNARY)
SIMT_MATH_UNARY_LIST(REGISTER_UNARY)
SIMT_MATH_PREDICATE_LIST(REGISTER_UNARY)
SIMT_MATH_EXACT_BINARY_LIST(REGISTER_BINARY)
SIMT_MATH_BINARY_LIST(REGISTER_BINARY)
CONFORMANCE(math_f64_kernels, fma_f64, math::bound("fma", true), in(math::operand("fma", 0)),
            in(math::operand("fma", 1)), in(math::operand("fma", 2)), out());
}  // namespace
#endif

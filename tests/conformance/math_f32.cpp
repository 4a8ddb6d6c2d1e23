// simt:: math for float on the GPU (libdevice) against the host, within the documented bounds.
#define MATH_TYPE float
#define MATH_NAME(name) name##_f32
#include "math_kernels.inc"

#if !defined(__SIMTC__)
#include "math_f32.simt.hpp"

namespace {
using namespace conformance;
#define REGISTER_UNARY(name, host) MATH_REGISTER_UNARY(math_f32_kernels, name)
#define REGISTER_BINARY(name, host) MATH_REGISTER_BINARY(math_f32_kernels, name)
SIMT_MATH_EXACT_UNARY_LIST(REGISTER_UNARY)
SIMT_MATH_UNARY_LIST(REGISTER_UNARY)
SIMT_MATH_PREDICATE_LIST(REGISTER_UNARY)
SIMT_MATH_EXACT_BINARY_LIST(REGISTER_BINARY)
SIMT_MATH_BINARY_LIST(REGISTER_BINARY)
CONFORMANCE(math_f32_kernels, fma_f32, math::bound("fma", false), in(math::operand("fma", 0)),
            in(math::operand("fma", 1)), in(math::operand("fma", 2)), out());
}  // namespace
#endif

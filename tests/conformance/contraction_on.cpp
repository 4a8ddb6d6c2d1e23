// --fmad=true (the default, as nvcc's): a * b + c is one fma, rounded once. The reference
// computes fma(a, b, c); the inputs are chosen so that it differs from the twice-rounded
// a * b + c in many elements, so a missed contraction fails the test.
#define CONTRACTION_NAME(name) name##_fused
#include "contraction.inc"

#if !defined(__SIMTC__)
#include <gtest/gtest.h>

#include <cmath>

#include "conformance.hpp"
#include "contraction_on.simt.hpp"

namespace {
using namespace conformance;

void fused_f32(simt::Slice<const float> a, simt::Slice<const float> b, simt::Slice<const float> c,
               simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = std::fma(a[i.get()], b[i.get()], c[i.get()]);
}
void fused_f64(simt::Slice<const double> a, simt::Slice<const double> b, simt::Slice<const double> c,
               simt::DisjointSlice<double> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = std::fma(a[i.get()], b[i.get()], c[i.get()]);
}

// c close to -a * b: the product's rounding error is most of the result.
long double product_term(Rng& rng) { return std::uniform_real_distribution<double>(1, 2)(rng); }
long double cancelling(Rng& rng) { return -std::uniform_real_distribution<double>(1, 4)(rng); }

CONFORMANCE_MODEL(contraction_on_kernels, mul_add_f32_fused, fused_f32, exact(), in(product_term),
                  in(product_term), in(cancelling), out());
CONFORMANCE_MODEL(contraction_on_kernels, mul_add_f64_fused, fused_f64, exact(), in(product_term),
                  in(product_term), in(cancelling), out());

// The reference must differ from a * b + c rounded twice, or the check above proves nothing.
TEST(Contraction, ReferenceDiffersFromTwoRoundings) {
  Rng rng(3);
  int differ32 = 0, differ64 = 0;
  for (int k = 0; k < 1000; ++k) {
    float a = float(product_term(rng)), b = float(product_term(rng)), c = float(cancelling(rng));
    double x = double(product_term(rng)), y = double(product_term(rng)), z = double(cancelling(rng));
    volatile float p = a * b;
    volatile double q = x * y;
    differ32 += std::fma(a, b, c) != p + c;
    differ64 += std::fma(x, y, z) != q + z;
  }
  EXPECT_GT(differ32, 100);
  EXPECT_GT(differ64, 100);
}

}  // namespace
#endif

// --use-fast-math: float division, sin, cos, exp and log become the hardware's approximations
// (div.approx, sin.approx, ex2.approx, lg2.approx) with subnormals flushed to zero; double
// precision is left alone. The bounds are the documented ones of the fast versions (CUDA's
// __fdividef, __sinf, __cosf, __expf, __logf), plus the reference's own rounding.
#include <simt/kernel.hpp>

[[kernel]] void fast_divide(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] / b[i.get()];
}

[[kernel]] void fast_sin_cos(simt::Slice<const float> a, simt::DisjointSlice<float> sine,
                             simt::DisjointSlice<float> cosine) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = sine.get_mut(i)) *o = simt::sin(x);
  if (auto o = cosine.get_mut(i)) *o = simt::cos(x);
}

[[kernel]] void fast_exp(simt::Slice<const float> a, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = simt::exp(a[i.get()]);
}

[[kernel]] void fast_log(simt::Slice<const float> a, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = simt::log(a[i.get()]);
}

// Double precision keeps libdevice's accurate versions under --use-fast-math.
[[kernel]] void double_unaffected(simt::Slice<const double> a, simt::DisjointSlice<double> sine,
                                  simt::DisjointSlice<double> quotient) {
  auto i = simt::thread::index_1d();
  double x = 1;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = sine.get_mut(i)) *o = simt::sin(x);
  if (auto o = quotient.get_mut(i)) *o = 1.0 / x;
}

#if !defined(__SIMTC__)
#include <cmath>

#include "conformance.hpp"
#include "fast_math.simt.hpp"

namespace {
using namespace conformance;

const double kPi = 3.14159265358979323846;
// Normal floats of either sign between 2^lo and 2^hi: no subnormal operand or result.
Magnitudes normal_range(double lo, double hi) { return magnitudes(lo, hi, true); }

// x / y for |y| in [2^-126, 2^126]: 2 ulp (+1).
CONFORMANCE(fast_math_kernels, fast_divide, ulps(3).more(4), in(normal_range(-60, 60)), in(normal_range(-60, 60)), out());
// sin: 2^-21.41, cos: 2^-21.19 absolute on [-pi, pi] (the larger for both, +2^-24).
CONFORMANCE(fast_math_kernels, fast_sin_cos, ulps_or_abs(0, std::exp2(-21.19) + std::exp2(-24)).more(4),
            in(reals(-kPi, kPi)), out(), out());
// exp on [-10, 10]: 2 + floor(1.173 * |x|) <= 13 ulp (+1).
CONFORMANCE(fast_math_kernels, fast_exp, ulps(14).more(4), in(reals(-10, 10)), out());
// log: 2^-21.41 absolute on [0.5, 2], 3 ulp (+1) elsewhere.
CONFORMANCE(fast_math_kernels, fast_log, ulps_or_abs(4, std::exp2(-21.41) + std::exp2(-24)).more(4),
            in(magnitudes(-100, 100, false)), out());
CONFORMANCE(fast_math_kernels, double_unaffected, ulps(3).more(4), in(reals(-100, 100)), out(), out());

}  // namespace
#endif

// Functions: device functions through the call graph, recursion, references to locals,
// default arguments, overloads, function templates (type, non-type, variadic), lambdas with
// every kind of capture, and kernel templates compiled per explicit instantiation.
#include <simt/kernel.hpp>

#include <cstdint>

using std::int32_t;
using std::int64_t;
using std::uint32_t;

namespace detail {
int32_t mix(int32_t a, int32_t b) { return a * 31 + b; }
int32_t hash3(int32_t a, int32_t b, int32_t c) { return mix(mix(a, b), c); }
int32_t step(int32_t x) { return x % 2 ? hash3(x, 1, 2) : mix(x, 5); }
}  // namespace detail

[[kernel]] void call_graph(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = detail::step(a[i.get()]) + detail::hash3(1, 2, a[i.get()]);
}

// Recursion: a real call stack on the GPU (two recursive calls per frame), tail recursion,
// and mutual recursion.
int32_t fib(int32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
uint32_t gcd(uint32_t a, uint32_t b) { return b == 0 ? a : gcd(b, a % b); }
bool is_odd(uint32_t n);
bool is_even(uint32_t n) { return n == 0 ? true : is_odd(n - 1); }
bool is_odd(uint32_t n) { return n == 0 ? false : is_even(n - 1); }
int32_t ackermann_small(int32_t m, int32_t n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann_small(m - 1, 1);
  return ackermann_small(m - 1, ackermann_small(m, n - 1));
}

[[kernel]] void recursion(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b,
                          simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint32_t x = a[i.get()], y = b[i.get()];
    *o = int64_t(fib(int32_t(x % 18))) * 1000000 + gcd(x, y) * 10 + is_even(y % 40) +
         ackermann_small(2, int32_t(x % 4)) * 100;
  }
}

// References: to locals, as in/out parameters, returned from functions, bound to members.
void swap_ints(int32_t& p, int32_t& q) {
  int32_t t = p;
  p = q;
  q = t;
}
int32_t& larger(int32_t& p, int32_t& q) { return p > q ? p : q; }
struct Pair {
  int32_t first, second;
};
const int32_t& smaller_of(const Pair& pair) { return pair.first < pair.second ? pair.first : pair.second; }

[[kernel]] void references(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                           simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()], y = b[i.get()];
    int32_t& rx = x;
    rx += 1;
    swap_ints(x, y);
    larger(x, y) *= 2;
    Pair pair{x, y};
    const int32_t& low = smaller_of(pair);
    int32_t& second = pair.second;
    second -= 3;
    const int32_t& bound = x * 2 + 1;  // a temporary whose lifetime the reference extends
    *o = x * 1000 + y * 10 + low + second + bound;
  }
}

int32_t scaled(int32_t v, int32_t factor = 3, int32_t offset = -1) { return v * factor + offset; }
int32_t pick(int32_t v) { return v + 1; }
int32_t pick(int64_t v) { return int32_t(v) * 2; }
float pick(float v) { return v * 0.5f; }
int32_t pick(bool v) { return v ? 100 : 200; }

[[kernel]] void overloads(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    *o = scaled(x) + scaled(x, 5) + scaled(x, 2, 7) + pick(x) + pick(int64_t(x)) + int32_t(pick(float(x))) +
         pick(x > 0);
  }
}

template <class T>
T largest(T a, T b, T c) {
  T m = a > b ? a : b;
  return m > c ? m : c;
}
template <int N>
int64_t power(int64_t base) {
  int64_t r = 1;
  for (int k = 0; k < N; ++k) r *= base;
  return r;
}
template <class... Ts>
int64_t sum_all(Ts... values) {
  return (int64_t(values) + ... + 0);
}
template <class T, class U>
auto weighted(T t, U u) -> decltype(t * u) {
  return t * u;
}

[[kernel]] void function_templates(simt::Slice<const int32_t> a, simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    *o = largest(x, 7, -x) + int64_t(largest(1.5, double(x), 2.0)) + power<3>(x) + power<0>(x) +
         sum_all(x, 2, int64_t(3), short(4), 'c') + int64_t(weighted(x, 2.5));
  }
}

// Lambdas: captures by value (a copy at creation), by reference (the local itself), init
// captures, mutable, generic, immediately invoked, passed to a template.
template <class F>
int32_t apply_n(F f, int32_t x, int n) {
  for (int k = 0; k < n; ++k) x = f(x);
  return x;
}

[[kernel]] void lambda_captures(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t total = 0;
    int32_t factor = 3;
    auto by_value = [factor](int32_t v) { return v * factor; };
    auto by_reference = [&total](int32_t v) { total += v; };
    factor = 100;  // by_value keeps its copy (3)
    by_reference(by_value(x));
    by_reference(factor);
    auto everything = [&] { return total + factor + x; };
    auto copies = [=] { return total + factor + x; };
    total += 1;
    auto init = [doubled = x * 2, &factor]() { return doubled + factor; };
    auto counter = [count = 0]() mutable { return ++count; };
    counter();
    *o = everything() * 7 + copies() * 3 + init() + counter();
  }
}

[[kernel]] void lambda_generic(simt::Slice<const int32_t> a, simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    auto twice = [](auto v) { return v + v; };
    auto add = [](auto p, auto q) { return p + q; };
    int64_t big = twice(int64_t(x)) + int64_t(twice(1.25f) * 4);
    int32_t iterated = apply_n([x](int32_t v) { return v / 2 + x; }, x, 5);
    int32_t immediate = [&](int32_t k) { return k * x; }(3);
    struct Accumulator {
      int32_t sum = 0;
      void operator()(int32_t v) { sum += v; }
    } acc;
    for (int32_t k = 0; k < 4; ++k) acc(k * x);
    auto returns_struct = [x] { return Pair{x, -x}; };
    Pair p = returns_struct();
    *o = big + iterated + immediate + acc.sum + add(p.first, 2 * p.second) + add(0.5, 1.5);
  }
}

// Lambdas inside member functions capture `this`.
struct Scaler {
  int32_t factor;
  int32_t offset;
  int32_t run(int32_t v) const {
    auto f = [this](int32_t w) { return w * factor + offset; };
    auto g = [*this](int32_t w) { return w - factor; };  // a copy of the object
    return g(f(v));
  }
};

[[kernel]] void lambda_this(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    Scaler s{a[i.get()] % 10, 7};
    *o = s.run(a[i.get()]);
  }
}

constexpr int32_t triangle(int32_t n) { return n * (n + 1) / 2; }
consteval int32_t compile_time_only(int32_t n) { return n * 3; }

[[kernel]] void constexpr_functions(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    constexpr int32_t table_size = triangle(10);
    static_assert(table_size == 55);
    *o = triangle(a[i.get()] % 1000) + table_size + compile_time_only(7);
  }
}

// A kernel template: each explicit instantiation is its own entry (scale_float, scale_int,
// scale_double) with its own typed launcher.
template <class T>
[[kernel]] void scale(T factor, simt::Slice<const T> in, simt::DisjointSlice<T> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = factor * in[i.get()] + T(1);
}
template void scale<float>(float, simt::Slice<const float>, simt::DisjointSlice<float>);
template void scale<int32_t>(int32_t, simt::Slice<const int32_t>, simt::DisjointSlice<int32_t>);
template void scale<double>(double, simt::Slice<const double>, simt::DisjointSlice<double>);

template <int Shift>
[[kernel]] void shift_by(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = (in[i.get()] << Shift) | (in[i.get()] >> (32 - Shift));
}
template void shift_by<3>(simt::Slice<const uint32_t>, simt::DisjointSlice<uint32_t>);
template void shift_by<17>(simt::Slice<const uint32_t>, simt::DisjointSlice<uint32_t>);

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "functions.simt.hpp"

namespace {
using namespace conformance;

CONFORMANCE(functions_kernels, call_graph, exact(), in(bits()), out());
CONFORMANCE(functions_kernels, recursion, exact(), in(ints(0, 1000000)), in(ints(0, 1000000)), out());
CONFORMANCE(functions_kernels, references, exact(), in(ints(-10000, 10000)), in(ints(-10000, 10000)), out());
CONFORMANCE(functions_kernels, overloads, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(functions_kernels, function_templates, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(functions_kernels, lambda_captures, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(functions_kernels, lambda_generic, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(functions_kernels, lambda_this, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(functions_kernels, constexpr_functions, exact(), in(ints(-100000, 100000)), out());
// Fused multiply-add is off in this file (--fmad=false): factor * x + 1 rounds twice as on the host.
CONFORMANCE_ENTRY(functions_kernels, scale<float>, scale_float, exact(), scalar(reals(-4, 4)), in(specials(-1e3, 1e3)), out());
CONFORMANCE_ENTRY(functions_kernels, scale<int32_t>, scale_int, exact(), scalar(ints(-100, 100)), in(bits()), out());
CONFORMANCE_ENTRY(functions_kernels, scale<double>, scale_double, exact(), scalar(reals(-4, 4)), in(specials(-1e3, 1e3)), out());
CONFORMANCE_ENTRY(functions_kernels, shift_by<3>, shift_by_3, exact(), in(bits()), out());
CONFORMANCE_ENTRY(functions_kernels, shift_by<17>, shift_by_17, exact(), in(bits()), out());

}  // namespace
#endif

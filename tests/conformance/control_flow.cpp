// Control flow: if/else, every loop form, break and continue, switch with fallthrough, the
// conditional operator, short-circuit evaluation, early returns, nested loops, range-for over
// local arrays, goto-free exits, `#pragma unroll`, if constexpr and comma sequencing.
#include <simt/kernel.hpp>

#include <cstdint>

using std::int32_t;
using std::uint32_t;

[[kernel]] void if_else_chain(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t r;
    if (x < -100)
      r = 1;
    else if (x < 0)
      r = 2;
    else if (x == 0)
      r = 3;
    else if (x % 2 == 0) {
      if (x > 500) r = 4;
      else r = 5;
    } else {
      r = 6;
    }
    if (int32_t y = x * 2; y > 50) r += y;
    *o = r;
  }
}

[[kernel]] void for_loops(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t n = a[i.get()];
    int32_t s = 0;
    for (int32_t k = 0; k < n; ++k) s += k * k;
    for (int32_t k = n; k > 0; k -= 3) s ^= k;
    for (int32_t k = 0, j = n; k < j; ++k, --j) s += j - k;
    for (;;) {
      if (s > 1000000) break;
      s = s * 2 + 1;
    }
    *o = s;
  }
}

// Collatz steps, bounded: a data-dependent while loop.
[[kernel]] void while_loop(simt::Slice<const uint32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint32_t x = a[i.get()];
    int32_t steps = 0;
    while (x != 1 && steps < 500) {
      x = x % 2 == 0 ? x / 2 : 3 * x + 1;
      ++steps;
    }
    *o = steps;
  }
}

[[kernel]] void do_while(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t digits = 0;
    uint32_t v = uint32_t(x < 0 ? -x : x);
    do {
      ++digits;
      v /= 10;
    } while (v != 0);
    int32_t once = 0;
    do once += 7; while (false);
    *o = digits * 100 + once;
  }
}

[[kernel]] void break_continue(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t s = 0;
    for (int32_t k = 0; k < 100; ++k) {
      if (k % 3 == 0) continue;
      if (k * x > 500) break;
      s += k;
    }
    int32_t w = 0;
    while (true) {
      ++w;
      if (w < 5) continue;
      if ((w + x) % 7 == 0 || w > 40) break;
    }
    *o = s * 100 + w;
  }
}

int32_t switch_fallthrough_step(int32_t x) {
  int32_t r = 0;
  switch (x & 7) {
    case 0:
      r += 1;
      [[fallthrough]];
    case 1:
      r += 10;
      [[fallthrough]];
    case 2:
      r += 100;
      break;
    case 3:
    case 4:
      r = -1;
      break;
    default:
      r = 1000;
      [[fallthrough]];
    case 6:
      r += 5;
  }
  return r;
}

[[kernel]] void switch_fallthrough(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = switch_fallthrough_step(a[i.get()]);
}

enum class Shape : std::uint8_t { Circle, Square, Triangle, Hexagon };

[[kernel]] void switch_enum(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Shape shape = Shape(uint32_t(x) % 4);
    int32_t sides = 0;
    switch (shape) {
      default:  // default first: still only taken when nothing else matches
        sides = -1;
        break;
      case Shape::Circle: sides = 0; break;
      case Shape::Square: sides = 4; break;
      case Shape::Triangle: sides = 3; break;
    }
    // A switch with an init statement, a GNU case range, and a nested switch.
    switch (int32_t v = x / 4; v & 15) {
      case 0 ... 3: sides += 100; break;
      case 4:
        switch (x & 1) {
          case 0: sides += 1000; break;
          case 1: sides += 2000; break;
        }
        break;
      case 5: {
        int32_t local = v * 2;
        sides += local;
        break;
      }
      default: break;
    }
    *o = sides;
  }
}

[[kernel]] void conditional_operator(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                                     simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()], y = b[i.get()];
    int32_t p = 0, q = 0;
    (x > y ? p : q) = 5;  // an lvalue conditional
    (x < 0 ? p : q) += 3;
    int32_t nested = x > 0 ? (y > 0 ? 1 : 2) : (y > 0 ? 3 : 4);
    long long widened = x > y ? x : 10000000000LL;  // common type long long
    *o = p * 1000 + q * 100 + nested + int32_t(widened % 1000);
  }
}

// && and || evaluate their right operand only when needed: count the evaluations.
[[kernel]] void short_circuit(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t calls = 0;
    auto check = [&calls](bool v) {
      ++calls;
      return v;
    };
    bool r1 = check(x > 0) && check(x > 10) && check(x > 100);
    bool r2 = check(x < 0) || check(x == 0) || check(x % 2 == 0);
    bool r3 = (x != 0 && 100 / x > 3) || (x == 0 && check(true));
    *o = calls * 8 + r1 * 4 + r2 * 2 + r3;
  }
}

int32_t first_multiple(int32_t x, int32_t limit) {
  for (int32_t k = 1; k < limit; ++k) {
    for (int32_t j = 1; j < limit; ++j) {
      if ((k * j) % 17 == x % 17) return k * 100 + j;  // leaves both loops
    }
  }
  return -1;
}

void classify_into(int32_t x, int32_t& r) {
  if (x < 0) {
    r = -1;
    return;
  }
  r = x % 10;
  if (r == 3) return;
  r *= 2;
}

[[kernel]] void early_return(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  auto o = out.get_mut(i);
  if (!o) return;  // threads past the end leave the kernel here
  int32_t x = a[i.get()];
  int32_t r = 0;
  classify_into(x, r);
  *o = first_multiple(x < 0 ? -(x / 2) : x, 9) * 10 + r;
}

[[kernel]] void nested_loops(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t s = 0;
    bool done = false;
    for (int32_t p = 0; p < 6 && !done; ++p) {
      for (int32_t q = 0; q < 6; ++q) {
        int32_t r = 0;
        while (r < p + q) {
          if ((r + x) % 11 == 0) break;
          ++r;
        }
        s += r;
        if (s > x + 50) {
          done = true;
          break;
        }
      }
    }
    *o = s;
  }
}

[[kernel]] void range_for(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t values[6] = {x, x + 1, x * 2, -x, 7};  // the last is zero
    int32_t s = 0;
    for (int32_t v : values) s += v;
    for (int32_t& v : values) v *= 3;
    for (const int32_t& v : values) s ^= v;
    int32_t grid[3][4] = {};
    int32_t k = 0;
    for (auto& row : grid)
      for (int32_t& cell : row) cell = x + k++;
    for (const auto& row : grid)
      for (int32_t cell : row) s += cell % 5;
    struct Item {
      int32_t weight;
      bool keep;
    };
    Item items[3] = {{x, true}, {2 * x, false}, {3, x > 0}};
    for (const Item& item : items)
      if (item.keep) s += item.weight;
    *o = s;
  }
}

[[kernel]] void unrolled_loops(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t s = 0;
#pragma unroll
    for (int32_t k = 0; k < 8; ++k) s += x * k;
#pragma unroll 4
    for (int32_t k = 0; k < (x & 63); ++k) s ^= k * 7;
    int32_t w = 0;
#pragma nounroll
    while (w < (x & 15)) {
      ++w;
      if (w == 3) continue;
      s += w;
    }
#pragma unroll 2
    do s += 3; while (--w > 0);
    int32_t arr[4] = {1, 2, 3, 4};
#pragma unroll
    for (int32_t v : arr) s += v * x;
    *o = s;
  }
}

template <bool Square>
int32_t shape_value(int32_t x) {
  if constexpr (Square)
    return x * x;
  else
    return x + 1;
}

// std::is_constant_evaluated(): false when the call happens at run time.
constexpr bool evaluated_at_compile_time() { return __builtin_is_constant_evaluated(); }

[[kernel]] void constexpr_if(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t r = shape_value<true>(x) - shape_value<false>(x);
    r += evaluated_at_compile_time() ? -1 : 1;
    *o = r;
  }
}

[[kernel]] void comma_sequencing(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t y = (x += 2, x * 3);
    int32_t z = 0;
    for (int32_t k = 0, m = 10; k < 5; ++k, m -= 2) z += k * m;
    int32_t& r = (z += 1, y);
    r += 4;
    *o = x + y * 100 + z * 10000;
  }
}

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "control_flow.simt.hpp"

namespace {
using namespace conformance;

CONFORMANCE(control_flow_kernels, if_else_chain, exact(), in(ints(-300, 700)), out());
CONFORMANCE(control_flow_kernels, for_loops, exact(), in(ints(-5, 200)), out());
CONFORMANCE(control_flow_kernels, while_loop, exact(), in(ints(1, 100000)), out());
CONFORMANCE(control_flow_kernels, do_while, exact(), in(ints(-2000000000, 2000000000)), out());
CONFORMANCE(control_flow_kernels, break_continue, exact(), in(ints(-50, 50)), out());
CONFORMANCE(control_flow_kernels, switch_fallthrough, exact(), in(bits()), out());
CONFORMANCE(control_flow_kernels, switch_enum, exact(), in(ints(-1000, 1000)), out());
CONFORMANCE(control_flow_kernels, conditional_operator, exact(), in(ints(-100, 100)), in(ints(-100, 100)), out());
CONFORMANCE(control_flow_kernels, short_circuit, exact(), in(ints(-200, 200)), out());
CONFORMANCE(control_flow_kernels, early_return, exact(), in(ints(-1000, 1000)), out());
CONFORMANCE(control_flow_kernels, nested_loops, exact(), in(ints(-20, 100)), out());
CONFORMANCE(control_flow_kernels, range_for, exact(), in(ints(-10000, 10000)), out());
CONFORMANCE(control_flow_kernels, unrolled_loops, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(control_flow_kernels, constexpr_if, exact(), in(ints(-1000, 1000)), out());
CONFORMANCE(control_flow_kernels, comma_sequencing, exact(), in(ints(-1000, 1000)), out());

}  // namespace
#endif

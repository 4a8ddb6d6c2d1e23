// Classes and data: member functions, constructors, aggregates and designated initializers,
// user-defined operators, inheritance, class templates, struct parameters and slices of
// structs, enums, constexpr tables at namespace scope, local arrays (bounds-checked).
#include <simt/kernel.hpp>

#include <cstdint>

using std::int32_t;
using std::int64_t;
using std::uint32_t;

struct Vec3 {
  float x = 0, y = 0, z = 0;
  float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  Vec3 cross(const Vec3& o) const { return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x}; }
  Vec3& scale(float s) {
    x *= s, y *= s, z *= s;
    return *this;
  }
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-() const { return {-x, -y, -z}; }
  Vec3& operator+=(const Vec3& o) { return *this = *this + o; }
  bool operator==(const Vec3& o) const { return x == o.x && y == o.y && z == o.z; }
  float operator[](int k) const { return k == 0 ? x : k == 1 ? y : z; }
};
Vec3 operator*(float s, const Vec3& v) { return {s * v.x, s * v.y, s * v.z}; }

[[kernel]] void methods_and_operators(simt::Slice<const float> a, simt::Slice<const float> b,
                                      simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float p = a[i.get()], q = b[i.get()];
    Vec3 u{p, q, 1.0f};
    Vec3 v{q, -p, 2.0f};
    Vec3 w = u.cross(v) + 2.0f * u;
    w += -v;
    w.scale(0.5f).scale(3.0f);
    *o = w.dot(u) + w[1] + (u == u) + (u == v) * 10;
  }
}

class Counter {
 public:
  Counter() : Counter(0, 1) {}  // delegating
  explicit Counter(int32_t start, int32_t step = 2) : value_(start), step_(step) { value_ += step_; }
  Counter(const Counter& other) : value_(other.value_ * 10), step_(other.step_) {}  // not trivial
  Counter& operator=(const Counter& other) {
    value_ = other.value_ + 1;
    step_ = other.step_;
    return *this;
  }
  void tick() { value_ += step_; }
  int32_t value() const { return value_; }
  static int32_t twice(int32_t v) { return 2 * v; }

 private:
  int32_t value_;
  int32_t step_ = 99;
};

[[kernel]] void constructors(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Counter c1;
    Counter c2(x);
    Counter c3(x, 5);
    c3.tick();
    Counter copy = c3;  // the user copy constructor
    Counter assigned;
    assigned = c2;      // the user assignment
    *o = c1.value() + c2.value() * 3 + c3.value() * 5 + copy.value() + assigned.value() + Counter::twice(x);
  }
}

struct Inner {
  int32_t a;
  int32_t b[3];
};
struct Outer {
  int32_t tag;
  Inner inner;
  float weight = 1.5f;
  bool flag;
};

[[kernel]] void aggregates(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Outer full{x, {x + 1, {1, 2, 3}}, 2.5f, true};
    Outer partial{x};                              // the rest value-initialized (weight: 1.5)
    Outer designated{.tag = 7, .inner = {.a = x}, .flag = x > 0};
    Outer copy = full;
    copy.inner.b[1] = x * 3;
    Inner array[2] = {{1, {x}}, {}};
    *o = full.inner.b[2] + partial.inner.a + int32_t(partial.weight * 2) + designated.tag + designated.inner.a +
         designated.flag + copy.inner.b[1] + full.inner.b[1] + array[0].b[0] + array[1].a + int32_t(designated.weight);
  }
}

struct Shape {
  int32_t sides;
  int32_t perimeter(int32_t length) const { return sides * length; }
};
struct Polygon : Shape {
  int32_t extra;
  int32_t total(int32_t length) const { return perimeter(length) + extra; }
};
struct Tagged {
  int32_t tag = 5;
};
struct Both : Polygon, Tagged {
  int32_t own = 1;
};
int32_t describe(const Shape& s) { return s.sides * 100; }

[[kernel]] void inheritance(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Polygon p{};
    p.sides = x % 9;
    p.extra = x;
    Both both{};
    both.sides = 3;
    both.extra = 2;
    both.tag += x;
    const Tagged& tagged = both;  // a base at a non-zero offset
    *o = p.total(4) + describe(p) + describe(both) + tagged.tag + both.total(x) + both.own;
  }
}

template <class T, int N>
class SmallVector {
 public:
  static constexpr int capacity = N;
  void push(T v) {
    if (size_ < N) items_[size_++] = v;
  }
  T sum() const {
    T s{};
    for (int k = 0; k < size_; ++k) s += items_[k];
    return s;
  }
  int size() const { return size_; }
  template <class F>
  void transform(F f) {
    for (int k = 0; k < size_; ++k) items_[k] = f(items_[k]);
  }

 private:
  T items_[N] = {};
  int size_ = 0;
};

template <class A, class B>
struct Both2 {
  A first;
  B second;
  auto combined() const { return first * 2 + second; }
};

[[kernel]] void class_templates(simt::Slice<const int32_t> a, simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    SmallVector<int32_t, 4> ints;
    for (int32_t k = 0; k < 6; ++k) ints.push(x + k);  // the last two do not fit
    ints.transform([](int32_t v) { return v * 3; });
    SmallVector<double, 3> reals;
    reals.push(0.5);
    reals.push(x);
    Both2<int64_t, double> pair{x, 0.25};
    *o = ints.sum() + int64_t(reals.sum() * 4) + SmallVector<char, 9>::capacity + ints.size() +
         int64_t(pair.combined() * 4);
  }
}

// A struct parameter (flattened to its scalar leaves at launch) and slices of structs.
struct Params {
  float scale;
  int32_t offset;
  bool negate;
  double bias[2];
};
struct Particle {
  float x, y, z;
  float mass;
  int32_t id;
};

[[kernel]] void struct_params(Params params, simt::Slice<const Particle> particles,
                              simt::DisjointSlice<Particle> moved, simt::DisjointSlice<double> energy) {
  auto i = simt::thread::index_1d();
  Particle p{};
  if (i.get() < particles.size()) p = particles[i.get()];
  if (auto o = moved.get_mut(i)) {
    Particle q = p;
    auto move = [&params](float& c) { c = c * params.scale + float(params.offset); };
    move(q.x);
    move(q.y);
    move(q.z);
    if (params.negate) q.mass = -q.mass;
    q.id += 1;
    *o = q;
  }
  if (auto o = energy.get_mut(i)) *o = double(p.mass) * params.bias[0] + params.bias[1] * p.id;
}

enum Direction { North, East, South, West };
enum class Opcode : std::uint16_t { Add = 10, Sub = 20, Mul = 30 };

int64_t run_opcode(Opcode op, int64_t a, int64_t b) {
  switch (op) {
    case Opcode::Add: return a + b;
    case Opcode::Sub: return a - b;
    case Opcode::Mul: return a * b;
  }
  return 0;
}

[[kernel]] void enums(simt::Slice<const int32_t> a, simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Direction d = Direction((x & 0x7fffffff) % 4);
    Direction turned = Direction((d + 1) % 4);
    Opcode op = static_cast<Opcode>((x % 3 < 0 ? -(x % 3) : x % 3) * 10 + 10);
    *o = run_opcode(op, x, 7) * 10 + turned + (d == West) * 1000 + static_cast<int64_t>(op);
  }
}

// Constant tables at namespace scope live in read-only memory; run-time indices are checked.
constexpr int32_t kPrimes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
constexpr float kWeights[4] = {0.5f, 0.25f, 0.125f, 2.0f};
struct TableEntry {
  int32_t key;
  double value;
};
constexpr TableEntry kEntries[3] = {{1, 1.5}, {4, -2.25}, {9, 1e10}};
constexpr int32_t kSquare = 12 * 12;

[[kernel]] void constant_tables(simt::Slice<const uint32_t> a, simt::DisjointSlice<double> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint32_t x = a[i.get()];
    const TableEntry& e = kEntries[x % 3];
    *o = kPrimes[x % 8] * kWeights[(x / 8) % 4] + e.key + e.value + kSquare + kPrimes[7];
  }
}

[[kernel]] void local_arrays(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    int32_t counts[10] = {};
    int32_t v = x < 0 ? -x : x;
    do {
      counts[v % 10] += 1;  // a run-time index, bounds-checked
      v /= 10;
    } while (v > 0);
    int32_t matrix[3][3] = {};
    for (int32_t r = 0; r < 3; ++r)
      for (int32_t c = 0; c < 3; ++c) matrix[r][c] = r * 3 + c + x;
    Vec3 points[2] = {{1, 2, 3}, {float(x), 0, 1}};
    int32_t sum = 0;
    for (int32_t k = 0; k < 10; ++k) sum += counts[k] * (k + 1);
    int32_t diagonal = matrix[0][0] + matrix[1][1] + matrix[2][2];
    *o = sum * 1000 + diagonal + int32_t(points[1].dot(points[0]));
  }
}

namespace geometry {
inline namespace v1 {
struct Rect {
  int32_t w, h;
  friend int32_t area(const Rect& r) { return r.w * r.h; }
};
}  // namespace v1
using Size = int32_t;
}  // namespace geometry

[[kernel]] void namespaces_and_friends(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    using geometry::Rect;
    geometry::Size side = a[i.get()] % 1000;
    Rect r{side, side + 1};
    *o = area(r);  // found by argument-dependent lookup
  }
}

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "classes.simt.hpp"

namespace {
using namespace conformance;

Particle random_particle(Rng& rng) {
  std::uniform_real_distribution<float> pos(-100, 100), mass(0.1f, 10);
  Particle p;
  p.x = pos(rng);
  p.y = pos(rng);
  p.z = pos(rng);
  p.mass = mass(rng);
  p.id = std::int32_t(rng() % 100000);
  return p;
}
Params random_params(Rng& rng) {
  return Params{float(std::uniform_real_distribution<double>(-2, 2)(rng)), std::int32_t(rng() % 50),
                rng() % 2 == 0, {0.5, -1.25}};
}

CONFORMANCE(classes_kernels, methods_and_operators, exact(), in(reals(-100, 100)), in(reals(-100, 100)), out());
CONFORMANCE(classes_kernels, constructors, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(classes_kernels, aggregates, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(classes_kernels, inheritance, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(classes_kernels, class_templates, exact(), in(ints(-100000, 100000)), out());
CONFORMANCE(classes_kernels, struct_params, exact(), scalar(random_params), in(random_particle), out(), out());
CONFORMANCE(classes_kernels, enums, exact(), in(bits()), out());
CONFORMANCE(classes_kernels, constant_tables, exact(), in(bits()), out());
CONFORMANCE(classes_kernels, local_arrays, exact(), in(ints(-2000000000, 2000000000)), out());
CONFORMANCE(classes_kernels, namespaces_and_friends, exact(), in(ints(-100000, 100000)), out());

}  // namespace
#endif

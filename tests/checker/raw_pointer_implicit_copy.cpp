// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Copying a struct whose copy assignment is not trivial runs Clang's implicit operator=, whose
// body copies the array member with __builtin_memcpy: compiler-generated code the rules do not
// inspect (the user's own operator= still is).
#include <simt/kernel.hpp>

struct Gain {
  float value = 1.0f;
  Gain& operator=(const Gain& other) {
    value = other.value * 1.0f;
    return *this;
  }
};

struct Filter {
  float taps[4];
  Gain gain;
};

[[kernel]] void smooth(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  Filter a = {{1, 2, 3, 4}, {}};
  Filter b = {{0, 0, 0, 0}, {}};
  b = a;
  if (auto o = out.get_mut(i)) *o = in[i.get()] * b.taps[1] * b.gain.value;
}

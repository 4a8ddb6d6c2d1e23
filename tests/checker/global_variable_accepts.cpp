// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Constant tables at namespace scope are read freely.
#include <simt/kernel.hpp>

constexpr float kWeights[3] = {0.25f, 0.5f, 0.25f};
struct Limits { static constexpr int kTaps = 3; };

[[kernel]] void blur(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  float sum = 0.0f;
  for (int t = 0; t < Limits::kTaps; ++t) sum += kWeights[t] * in[i.get() + size_t(t)];
  if (auto o = out.get_mut(i)) *o = sum;
}

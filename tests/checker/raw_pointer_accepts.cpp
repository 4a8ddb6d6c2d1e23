// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// References, the address of the thread's own locals, arrays indexed directly, value casts;
// and raw pointers in Tier 2 code.
#include <simt/kernel.hpp>

struct Pair { float a, b; };
float sum(const Pair& p) { return p.a + p.b; }
void bump(float& v) { v += 1.0f; }
SIMT_REQUIRES_UNSAFE float first(const float* p) { return p[0]; }

[[kernel]] void k(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  float acc[4] = {};
  for (int j = 0; j < 4; ++j) acc[j] = x[i.get()] * float(j);
  Pair p{acc[0], acc[1]};
  bump(p.a);
  bool same = &p.a == &acc[0];
  int bits = static_cast<int>(sum(p)) + (int)acc[2] + int(same);
  if (auto o = out.get_mut(i)) {
    float& slot = *o;
    slot = float(bits);
    bump(slot);
  }
  [[simt::unsafe]] {
    // Reading x without the bounds check: the contract makes x as long as the grid.
    const float* base = x.data();
    acc[3] = first(base + 1) + base[0];
  }
}

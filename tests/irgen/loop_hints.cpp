// Loop unrolling hints go on each loop's back edge: `#pragma unroll` is unroll(full),
// `#pragma unroll N` unroll(N) (1 is disable), `#pragma nounroll` unroll(disable), and
// `#pragma clang loop unroll_count(N)` the same. A while loop with a hint routes its
// `continue`s through one latch; simplify-cfg then moves the hint onto every back edge.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s --check-prefix=IRGEN
// RUN: %simtc inspect %s --emit=ir | FileCheck %s --check-prefix=SIMPLIFIED
#include <simt/kernel.hpp>

[[kernel]] void hinted(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  int n = in[0], s = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) s += k;
#pragma unroll 4
  for (int k = 0; k < n; ++k) s ^= k;
  int w = 0;
#pragma nounroll
  while (w < n) {
    ++w;
    if (w == 3) continue;
    s += w;
  }
#pragma clang loop unroll_count(2)
  do s += 3; while (--w > 0);
  int values[4] = {1, 2, 3, 4};
#pragma unroll 1
  for (int v : values) s += v;
  if (auto o = out.get_mut(i)) *o = s;
}

// IRGEN-LABEL: kernel @hinted(
// IRGEN:       for.inc:
// IRGEN:         br for.cond, unroll(full)
// IRGEN:       for.inc.1:
// IRGEN:         br for.cond.1, unroll(4)
// IRGEN:       if.then:
// IRGEN-NEXT:    br while.latch
// IRGEN:       if.end:
// IRGEN:         br while.latch
// IRGEN-NEXT:  while.latch:
// IRGEN-NEXT:    br while.cond, unroll(disable)
// IRGEN:       do.cond:
// IRGEN:         cond_br %{{.*}}, do.body, do.end, unroll(2)
// IRGEN:       for.inc.2:
// IRGEN:         br for.cond.2, unroll(disable)

// SIMPLIFIED-LABEL: kernel @hinted(
// SIMPLIFIED:         br for.cond, unroll(full)
// SIMPLIFIED:         br for.cond.1, unroll(4)
// SIMPLIFIED:       while.body:
// SIMPLIFIED:         cond_br %{{.*}}, while.cond, if.end, unroll(disable)
// SIMPLIFIED:       if.end:
// SIMPLIFIED:         br while.cond, unroll(disable)
// SIMPLIFIED:         cond_br %{{.*}}, do.body, do.end, unroll(2)
// SIMPLIFIED:         br for.cond.2, unroll(disable)

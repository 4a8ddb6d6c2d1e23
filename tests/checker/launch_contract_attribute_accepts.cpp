// Every attribute simtc defines, in every way it can be written, and attributes of C++ and
// Clang next to them: no diagnostic.
// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
#include <simt/kernel.hpp>

[[kernel, simt::block(64, 2, 1), simt::min_blocks_per_sm(2), simt::dynamic_shared(16, 4096), simt::min_arch(80),
  simt::requires("x.size() >= n", "out.size() == n"), simt::unchecked_indexing]]
void all(uint32_t n, simt::Slice<const float> x, simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  auto i = simt::thread::index_2d<64>();
  [[maybe_unused]] float first = 0.0f;
  if (auto o = out.get_mut(i)) [[likely]] *o = x[i.get()];
}

[[simt::kernel]] [[simt::max_threads(512)]] [[simt::requires]] void spelled_apart(simt::DisjointSlice<int> out) {
  [[simt::unsafe]] {
  }
}

[[using simt: kernel, max_threads(256), requires("out.size() > 0")]] void with_using(simt::DisjointSlice<int> out) {}

#define KERNEL_256 [[kernel, simt::block(256)]]
KERNEL_256 void through_a_macro(simt::DisjointSlice<int> out) {}

[[nodiscard, gnu::always_inline]] inline int twice(int v) { return 2 * v; }
[[kernel, gnu::cold, clang::noinline]] void with_others(simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = twice(int(i.get()));
}

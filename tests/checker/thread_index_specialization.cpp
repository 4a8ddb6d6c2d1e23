// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Mine {};
namespace simt {
template <>
class ThreadIndex<Mine> {
 public:
  explicit ThreadIndex(size_t v) : value_(v) {}
  size_t value_;
};
}  // namespace simt
template <>
struct simt::detail::TileOf<Mine> {
  static constexpr uint32_t size = 1;
};

[[kernel]] void k(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}thread_index_specialization.cpp:5:11: error: user code may not reopen namespace simt: a specialisation of a simt class could forge a ThreadIndex [simt-thread-index]
// CHECK-NEXT: {{.*}}thread_index_specialization.cpp:14:22: error: user code may not declare into namespace simt ('TileOf'): a specialisation of a simt class could forge a ThreadIndex [simt-thread-index]

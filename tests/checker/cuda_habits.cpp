// What CUDA habits get in kernel code: Clang's error, then a note that says what simt code
// writes instead. Each case on its own (the missing header is fatal).
// RUN: not %simtc check -fno-caret-diagnostics -DCASE_WRITES %s 2>&1 | FileCheck %s --check-prefix=WRITES --implicit-check-not=error:
// RUN: not %simtc check -fno-caret-diagnostics -DCASE_NAMES %s 2>&1 | FileCheck %s --check-prefix=NAMES --implicit-check-not=error:
// RUN: not %simtc check -fno-caret-diagnostics -DCASE_SLICE %s 2>&1 | FileCheck %s --check-prefix=SLICE --implicit-check-not=error:
// RUN: not %simtc check -fno-caret-diagnostics -DCASE_HEADER %s 2>&1 | FileCheck %s --check-prefix=HEADER
// RUN: not %simtc check -fno-caret-diagnostics -DCASE_LOCAL %s 2>&1 | FileCheck %s --check-prefix=LOCAL --implicit-check-not=error:
#ifdef CASE_HEADER
// HEADER: cuda_habits.cpp:[[@LINE+2]]:10: fatal error: 'vector' file not found
// HEADER-NEXT: cuda_habits.cpp:[[@LINE+1]]:10: note: kernel files are compiled without the C++ standard library or CUDA's headers: <simt/kernel.hpp> has the device API (math, printf, atomics, shared memory); <cstdint>, <cstddef>, <climits> and <cfloat> are there
#include <vector>
#endif
#include <simt/kernel.hpp>

#ifdef CASE_WRITES
[[kernel, simt::block(128)]] void writes(simt::Slice<const float> x, simt::DisjointSlice<float> y) {
  simt::SharedArray<float, 128> partial;
  auto i = simt::thread::index_1d();
  auto t = simt::thread::index_in_block();
  // WRITES: cuda_habits.cpp:[[@LINE+2]]:14: error: cannot assign to return value because function 'operator[]' returns a const value
  // WRITES: cuda_habits.cpp:[[@LINE+1]]:14: note: a DisjointSlice is written one element per thread, through the element the thread's index owns: `if (auto o = y.get_mut(i)) *o = ...;` (y[k] reads)
  y[i.get()] = x[i.get()];
  // WRITES: cuda_habits.cpp:[[@LINE+2]]:10: error: no viable overloaded operator[] for type 'simt::SharedArray<float, 128>'
  // WRITES-NEXT: cuda_habits.cpp:[[@LINE+1]]:10: note: shared memory is written through `if (auto s = tile.get_mut(simt::thread::index_in_block())) *s = ...;` or, at an index the race rule proves, `tile.at_mut(k) = ...;`; tile[k] reads, with k a number
  partial[t] = 1.0f;
  // WRITES: cuda_habits.cpp:[[@LINE+2]]:20: error: cannot assign to return value because function 'operator[]' returns a const value
  // WRITES: cuda_habits.cpp:[[@LINE+1]]:20: note: shared memory is written through
  partial[t.get()] = 2.0f;
  size_t k = i.get();
  // WRITES: cuda_habits.cpp:[[@LINE+2]]:18: error: no matching member function for call to 'get_mut'
  // WRITES-NEXT: cuda_habits.cpp:[[@LINE+1]]:18: note: get_mut takes the thread's own index (simt::thread::index_1d(), index_in_block(), ...), not a number: a number the thread computes could be another thread's element; at_mut(k) writes where the rules can prove k is this thread's
  if (auto o = y.get_mut(k)) *o = 1.0f;
}
#endif

#ifdef CASE_NAMES
[[kernel]] void names(simt::DisjointSlice<float> y, float v) {
  // NAMES: cuda_habits.cpp:[[@LINE+2]]:3: error: use of undeclared identifier 'printf'
  // NAMES-NEXT: cuda_habits.cpp:[[@LINE+1]]:3: note: kernel code writes simt::printf(format, ...) for 'printf'
  printf("%f\n", v);
  // NAMES: cuda_habits.cpp:[[@LINE+6]]:58: error: use of undeclared identifier 'sqrtf'
  // NAMES-NEXT: cuda_habits.cpp:[[@LINE+5]]:58: note: kernel code writes simt::sqrt(x) for 'sqrtf' (<simt/kernel.hpp>: float, double, half and bfloat16 overloads)
  // NAMES: cuda_habits.cpp:[[@LINE+4]]:69: error: use of undeclared identifier '__expf'
  // NAMES-NEXT: cuda_habits.cpp:[[@LINE+3]]:69: note: kernel code writes simt::exp(x) for '__expf' (<simt/kernel.hpp>: float, double, half and bfloat16 overloads)
  // NAMES: cuda_habits.cpp:[[@LINE+2]]:81: error: use of undeclared identifier 'threadIdx'
  // NAMES-NEXT: cuda_habits.cpp:[[@LINE+1]]:81: note: kernel code writes simt::thread::index_x() (_y, _z), or simt::thread::index_1d() for the thread's own element for 'threadIdx'
  if (auto o = y.get_mut(simt::thread::index_1d())) *o = sqrtf(v) + __expf(v) + threadIdx.x;
}
#endif

#ifdef CASE_SLICE
// SLICE: slice.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'sizeof(float) == 0': simt::Slice<T> is read-only: write simt::Slice<const T> (an output that each thread writes one element of is simt::DisjointSlice<T>)
// SLICE: cuda_habits.cpp:[[@LINE+1]]:{{[0-9]+}}: note: in instantiation of template class 'simt::Slice<float>' requested here
[[kernel]] void slice(simt::Slice<float> x) {}
#endif

#ifdef CASE_LOCAL
[[kernel]] void local(simt::DisjointSlice<float> y) {
  // LOCAL: cuda_habits.cpp:[[@LINE+3]]:58: error: array index 5 is past the end of the array (that has type 'float[4]') [-Werror,-Warray-bounds]
  // LOCAL-NEXT: cuda_habits.cpp:[[@LINE+1]]:3: note: array 't' declared here
  float t[4] = {1, 2, 3, 4};
  if (auto o = y.get_mut(simt::thread::index_1d())) *o = t[5];
}
#endif

// A template's code is checked once per instantiation: the same error at the same place, with
// the same notes, is reported once, not once per instantiation. Where the notes differ (a helper
// reached from two kernels through two calls) each is kept: they say different things.
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=AST --implicit-check-not=error: --implicit-check-not=note:
// RUN: not %simtc check -fno-caret-diagnostics -D INITIALISED %s 2>&1 | FileCheck %s --check-prefix=IR --implicit-check-not=error: --implicit-check-not=note:
#include <simt/kernel.hpp>

namespace {

// Checked on the AST (before the IR), for first<1> and first<2>: one simt-uninitialized error.
template <uint32_t N>
float first(simt::Slice<const float> in) {
#if defined(INITIALISED)
  float pair[2] = {};
#else
  float pair[2];
#endif
  pair[0] = in[0];
  pair[1] = in[1];
  return pair[0] * N + pair[1];
}

// Checked on the IR, kernel by kernel: reached from two kernels through two calls, two errors.
void half_barrier() {
  if (simt::thread::index_in_block().get() < 16) simt::sync_threads();
}

}  // namespace

[[kernel]] void one(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  half_barrier();
  if (auto slot = out.get_mut(simt::thread::index_1d())) *slot = first<1>(in);
}

[[kernel]] void two(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  half_barrier();
  if (auto slot = out.get_mut(simt::thread::index_1d())) *slot = first<2>(in);
}

// A kernel template, two instantiations, the barrier in its own body: one error.
template <uint32_t N>
[[kernel]] void scaled(simt::DisjointSlice<float> out) {
  if (simt::thread::index_in_block().get() < N) simt::sync_threads();
  if (auto slot = out.get_mut(simt::thread::index_1d())) *slot = float(N);
}
template void scaled<8>(simt::DisjointSlice<float>);
template void scaled<16>(simt::DisjointSlice<float>);

// AST: repeated_diagnostics.cpp:16:9: error: local array 'pair' is not initialised

// IR:      repeated_diagnostics.cpp:25:50: error: barrier reached under thread-dependent control flow
// IR-NEXT: repeated_diagnostics.cpp:25:7: note: this branch depends on the thread index
// IR-NEXT: repeated_diagnostics.cpp:31:3: note: reached through this call
// IR-NEXT: repeated_diagnostics.cpp:25:50: error: barrier reached under thread-dependent control flow
// IR-NEXT: repeated_diagnostics.cpp:25:7: note: this branch depends on the thread index
// IR-NEXT: repeated_diagnostics.cpp:36:3: note: reached through this call
// IR-NEXT: repeated_diagnostics.cpp:43:49: error: barrier reached under thread-dependent control flow
// IR-NEXT: repeated_diagnostics.cpp:43:7: note: this branch depends on the thread index

// An AtomicSlice holds what the atomics operate on: 32- and 64-bit integers, float, double.
// RUN: not %simtc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Pair {
  float x;
};

[[kernel]] void pairs(simt::AtomicSlice<Pair> p) {}

// CHECK: device_api_atomic_slice_element.cpp:9:47: error: kernel 'pairs' parameter 'p' has type 'simt::AtomicSlice<Pair>', which a kernel cannot take: an AtomicSlice holds 32- or 64-bit integers, float or double, not 'Pair' [simt-kernel-signature]

// A kernel's parameters must fit PTX's parameter space: 4352 bytes before PTX ISA 8.1, 32764
// bytes from 8.1 on (what ptxas takes). The size comes from the parameter types, never from
// their elements one by one, so a struct holding 2^32 floats is reported at once.
// RUN: not %simtc check %s -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc check %s --ptx-version 81 -fno-caret-diagnostics 2>&1 | FileCheck %s --check-prefix=PTX81 --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Weights {
  float w[4294967295u];
};
struct Big {
  int v[5000];
};
struct Fits {
  int v[1000];
};

[[kernel]] void huge(Weights p, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = p.w[0];
}

[[kernel]] void big(Big p, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = p.v[0];
}

[[kernel]] void fits(Fits p, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = p.v[0];
}

// CHECK: {{.*}}kernel_signature_param_space.cpp:19:17: error: kernel 'huge' takes 17179869200 bytes of parameters, more than the 4352 bytes PTX ISA 8.0 allows [simt-kernel-signature]
// CHECK: {{.*}}kernel_signature_param_space.cpp:24:17: error: kernel 'big' takes 20016 bytes of parameters, more than the 4352 bytes PTX ISA 8.0 allows (PTX ISA 8.1 and newer allow 32764: --ptx-version 81) [simt-kernel-signature]

// PTX81: {{.*}}kernel_signature_param_space.cpp:19:17: error: kernel 'huge' takes 17179869200 bytes of parameters, more than the 32764 bytes PTX ISA 8.1 allows [simt-kernel-signature]

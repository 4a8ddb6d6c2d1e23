// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build -fno-caret-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Each way safe code could write memory it does not own, tried directly and through helpers,
// templates, lambdas and aliases: every one is refused where it happens.
#include <simt/kernel.hpp>

struct Base { int v; };
struct Derived : Base { int extra; };
struct Raw { unsigned long data; unsigned long size; };
struct Wrapped { simt::Slice<const float> view; };

template <class To, class From>
To cast_bits(const From& from) { return __builtin_bit_cast(To, from); }

void fill(float& e) { __builtin_memset(&e, 0, 64); }

[[kernel]] void holes(unsigned long addr, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    // A pointer from an element's address, and from an integer parameter.
    *__builtin_bit_cast(float*, &*o) = 1.0f;
    *__builtin_bit_cast(float*, addr) = 2.0f;
    // memcpy / memset past the element the thread owns.
    float zeros[16] = {};
    __builtin_memcpy(&*o, zeros, sizeof zeros);
    __builtin_memset(&*o, 0, 1024);
    float& alias = *o;
    fill(alias);
  }
  // A DisjointSlice or a Slice remade from bytes: another index space, or any address and size.
  auto tiles = __builtin_bit_cast(simt::DisjointSlice<float, simt::space::Tile<4>>, out);
  auto forged = cast_bits<simt::Slice<const float>>(Raw{addr, 1u << 30});
  Wrapped w{in};
  Raw bytes = __builtin_bit_cast(Raw, w);
  // A downcast through a reference.
  Derived d{};
  Base& b = d;
  int extra = static_cast<Derived&>(b).extra;
  auto lambda = [&] { return __builtin_bit_cast(unsigned long, &d); };
  (void)tiles; (void)forged; (void)bytes; (void)extra; (void)lambda();
}

// CHECK: {{.*}}allowlist_memory_holes.cpp:21:6: error: __builtin_bit_cast from 'float *' to 'float *' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'float *' is a pointer [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:21:33: error: taking the address of an element this thread owns (a raw pointer to it reaches the neighbours other threads own); raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:22:6: error: __builtin_bit_cast from 'unsigned long' to 'float *' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'float *' is a pointer [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:25:22: error: taking the address of an element this thread owns (a raw pointer to it reaches the neighbours other threads own); raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:26:22: error: taking the address of an element this thread owns (a raw pointer to it reaches the neighbours other threads own); raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:31:16: error: __builtin_bit_cast from 'simt::DisjointSlice<float>' to 'simt::DisjointSlice<float, simt::space::Tile<4> >' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'simt::DisjointSlice<float>' is one of simt's views or handles, whose values only simt makes [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:34:15: error: __builtin_bit_cast from 'Wrapped' to 'Raw' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'Wrapped' holds member 'view': 'simt::Slice<const float>' is one of simt's views or handles, whose values only simt makes [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:15:40: error: taking the address of what reference 'e' refers to; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:13:41: error: __builtin_bit_cast from 'const struct Raw' to 'class simt::Slice<const float>' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'simt::Slice<const float>' is one of simt's views or handles, whose values only simt makes [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:39:30: error: __builtin_bit_cast from 'Derived *' to 'unsigned long' needs a {{\[\[}}simt::unsafe{{\]\]}} block: 'Derived *' is a pointer [simt-raw-pointer]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:25:5: error: '__builtin_memcpy' writes raw memory of any length: it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:26:5: error: '__builtin_memset' writes raw memory of any length: it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:38:15: error: a downcast to a derived class is unchecked (if the object is not of that class, the access goes past it): it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}allowlist_memory_holes.cpp:15:23: error: '__builtin_memset' writes raw memory of any length: it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]

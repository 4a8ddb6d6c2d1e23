// RUN: %simtc build %s -o %t.ptx 2>&1 | count 0
// RUN: %python %S/Inputs/allowlist_coverage.py %simtc safe %S/allowlist_safe_constructs.cpp %s
// What the allowlist keeps for Tier 2: the same constructs that safe code may not use, inside
// [[simt::unsafe]] blocks, where they compile (the programmer's obligation, block by block).
#include <simt/kernel.hpp>

struct Base { int v; };
struct Derived : Base { int extra; };

[[kernel]] void tier2(unsigned long addr, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  Derived d{};
  d.extra = 5;
  float staged[2] = {in[0], in[1]};
  [[simt::unsafe]] {
    // Each line stays inside this thread's own element or locals.
    Base& b = d;
    int extra = static_cast<Derived&>(b).extra;            // BaseToDerived
    const float* first = &in[0];
    float* writable = const_cast<float*>(first);           // CXXConstCastExpr
    (void)writable;
    const unsigned* as_bits = reinterpret_cast<const unsigned*>(first);  // CXXReinterpretCastExpr, BitCast
    const unsigned& bits_ref = reinterpret_cast<const unsigned&>(staged[0]);  // LValueBitCast
    unsigned long address = reinterpret_cast<unsigned long>(first);      // PointerToIntegral
    const float* again = reinterpret_cast<const float*>(address);        // IntegralToPointer
    float* from_int = __builtin_bit_cast(float*, addr);
    const float* none = nullptr;                          // NullToPointer
    (void)none;
    float private_copy = staged[0];
    auto in_local_space = (__attribute__((address_space(5))) float*)&private_copy;  // AddressSpaceConversion
    (void)from_int;
    (void)in_local_space;
    if (auto o = out.get_mut(i)) {
      __builtin_memcpy(&*o, &staged[1], sizeof(float));
      *o += float(extra) + float(*as_bits & 1u) + float(bits_ref & 1u) + *again;
    }
  }
}

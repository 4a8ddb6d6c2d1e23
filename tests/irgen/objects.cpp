// Objects: a delegating constructor calls the target constructor on the same object; a union
// (allowed in a [[simt::unsafe]] block) is zeroed, then its named member initialized.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s
#include <simt/kernel.hpp>

union Bits {
  float f;
  unsigned u;
};

class Counter {
 public:
  Counter() : Counter(10, 1) {}
  Counter(int start, int step) : value_(start), step_(step) {}
  int next() { return value_ += step_; }

 private:
  int value_;
  int step_;
};

[[kernel]] void objects(simt::Slice<const float> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  Counter c;
  unsigned bits = 0;
  [[simt::unsafe]] {
    // Reading the float's bits through the union: the union holds nothing else.
    Bits b = {in[0]};
    bits = b.u;
  }
  if (auto o = out.get_mut(i)) *o = bits + unsigned(c.next());
}

// CHECK-LABEL: kernel @objects(
// CHECK:         call void @_ZN7CounterC1Ev(%c)
// CHECK:         memset %b, 0:i8, 4:i64, align 4
// CHECK:         %[[F:.*]] = load f32, %{{.*}}, align 4
// CHECK-NEXT:    store %[[F]], %b, align 4
// CHECK-NEXT:    %[[U:.*]] = load i32, %b, align 4
// CHECK-NEXT:    store %[[U]], %bits, align 4
// CHECK-LABEL: func @_ZN7CounterC1Ev(ptr %this) {
// CHECK:         call void @_ZN7CounterC1Eii(%this, 10:i32, 1:i32)

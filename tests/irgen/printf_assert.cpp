// simt::printf: the format and string arguments become read-only globals; the arguments,
// promoted as C promotes variadic arguments (short, char and bool to int, float and half to
// double), are stored into one buffer at offsets aligned to their sizes, which vprintf reads.
// SIMT_ASSERT reports the condition, file, line and function through the assertfail intrinsic.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s
#include <simt/kernel.hpp>

[[kernel]] void report(simt::Slice<const int> in, simt::half h, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  short s = short(in[0]);
  bool flag = in[0] > 0;
  simt::printf("%d %hd %c %d %f %f %lld %s\n", in[0], s, 'x', flag, 0.5f, double(h), (long long)i.get(), "end");
  simt::printf("no arguments\n");
  SIMT_ASSERT(in[0] != 7);
  if (auto o = out.get_mut(i)) *o = s;
}

// CHECK:      global @str : const, size 28, align 1 = bytes "25642025686420256320256420256620256620256c6c642025730a00"
// CHECK-NEXT: global @str.1 : const, size 4, align 1 = bytes "656e6400"
// CHECK-NEXT: global @str.2 : const, size 14, align 1 = bytes "6e6f20617267756d656e74730a00"
// CHECK-NEXT: global @str.3 : const, size 11, align 1 = bytes "696e5b305d20213d203700"
// CHECK-NEXT: global @str.4 : const, size {{[0-9]+}}, align 1 = bytes "{{[0-9a-f]*}}7072696e74665f6173736572742e63707000"
// CHECK-NEXT: global @str.5 : const, size 7, align 1 = bytes "7265706f727400"
// CHECK-LABEL: kernel @report(
// CHECK:        %printf.args = alloca 48, align 8
// CHECK:        %[[FORMAT:.*]] = addrspacecast ptr.const @str to ptr
// CHECK:        %[[S:.*]] = sext i16 %{{.*}} to i32
// CHECK-NEXT:   %[[C:.*]] = sext i8 120:i8 to i32
// CHECK:        %[[B:.*]] = zext i1 %{{.*}} to i32
// CHECK-NEXT:   %[[F:.*]] = fpext f32 0.5:f32 to f64
// CHECK:        %[[H:.*]] = fpext f16 %{{.*}} to f64
// CHECK-NEXT:   %[[L:.*]] = call i64 @{{.*}}ThreadIndex{{.*}}3getEv(%i)
// CHECK-NEXT:   %[[END:.*]] = addrspacecast ptr.const @str.1 to ptr
// CHECK-NEXT:   store %{{.*}}, %printf.args, align 4
// CHECK-NEXT:   %[[P1:.*]] = ptr_add inbounds %printf.args, 4:i64
// CHECK-NEXT:   store %[[S]], %[[P1]], align 4
// CHECK-NEXT:   %[[P2:.*]] = ptr_add inbounds %printf.args, 8:i64
// CHECK-NEXT:   store %[[C]], %[[P2]], align 4
// CHECK-NEXT:   %[[P3:.*]] = ptr_add inbounds %printf.args, 12:i64
// CHECK-NEXT:   store %[[B]], %[[P3]], align 4
// CHECK-NEXT:   %[[P4:.*]] = ptr_add inbounds %printf.args, 16:i64
// CHECK-NEXT:   store %[[F]], %[[P4]], align 8
// CHECK-NEXT:   %[[P5:.*]] = ptr_add inbounds %printf.args, 24:i64
// CHECK-NEXT:   store %[[H]], %[[P5]], align 8
// CHECK-NEXT:   %[[P6:.*]] = ptr_add inbounds %printf.args, 32:i64
// CHECK-NEXT:   store %[[L]], %[[P6]], align 8
// CHECK-NEXT:   %[[P7:.*]] = ptr_add inbounds %printf.args, 40:i64
// CHECK-NEXT:   store %[[END]], %[[P7]], align 8
// CHECK-NEXT:   %{{.*}} = intrinsic i32 printf(%[[FORMAT]], %printf.args)
// CHECK-NEXT:   %[[PLAIN:.*]] = addrspacecast ptr.const @str.2 to ptr
// CHECK-NEXT:   %{{.*}} = intrinsic i32 printf(%[[PLAIN]], null:ptr)
// CHECK:        %[[COND:.*]] = addrspacecast ptr.const @str.3 to ptr
// CHECK-NEXT:   %[[FILE:.*]] = addrspacecast ptr.const @str.4 to ptr
// CHECK-NEXT:   %[[FUNC:.*]] = addrspacecast ptr.const @str.5 to ptr
// CHECK-NEXT:   intrinsic void assertfail(%[[COND]], %[[FILE]], 14:i32, %[[FUNC]])
// CHECK-NEXT:   unreachable

// Atomics: relaxed global and shared updates are LLVM atomicrmw (atom.global.add.f32,
// atom.shared.add.u32); other orderings and system scope are atom.<sem>.<scope> (seq_cst:
// fence.sc first); compare-exchange, loads and stores keep their ordering and scope. An
// AtomicSlice is a (data, size) pair in PTX and a DeviceView<T> in the launcher.
// RUN: %simtc build %s --arch sm_90 -o - --header %t.hpp | FileCheck %s
// RUN: FileCheck --check-prefix=HEADER %s < %t.hpp
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void atomics(simt::Slice<const float> in, simt::AtomicSlice<float> sum,
                        simt::AtomicSlice<unsigned> counters, simt::AtomicSlice<double> dsum,
                        simt::AtomicSlice<long long> wide) {
  simt::SharedArray<unsigned, 64> local;
  auto i = simt::thread::index_1d();
  float x = i.get() < in.size() ? in[i.get()] : 0.0f;
  local.atomic(i.get() % 64).fetch_add(1u, simt::relaxed, simt::block_scope);
  sum[0].fetch_add(x);
  dsum[0].fetch_add(double(x));
  unsigned old = counters[0].fetch_add(1u, simt::acq_rel);
  counters[1].fetch_max(old, simt::relaxed, simt::system_scope);
  counters[2].fetch_sub(1u, simt::release, simt::block_scope);
  counters[3].fetch_or(old, simt::seq_cst);
  wide[0].fetch_min((long long)old, simt::acquire);
  unsigned prev = counters[4].compare_exchange(0u, old, simt::acq_rel);
  counters[5].store(prev + counters[6].load(simt::acquire), simt::release, simt::system_scope);
  sum[1].fetch_max(x);
  sum[2].exchange(x, simt::acq_rel, simt::block_scope);
}

// CHECK:      .visible .entry atomics(
// CHECK-NEXT:   .param .u64 .ptr .global .align 1 atomics_param_0,
// CHECK-NEXT:   .param .u64 atomics_param_1,
// CHECK-NEXT:   .param .u64 .ptr .global .align 1 atomics_param_2,
// CHECK-NEXT:   .param .u64 atomics_param_3,
// CHECK:      atom.shared.add.u32 %r{{[0-9]+}}, [%r{{[0-9]+}}], 1;
// CHECK:      atom.global.add.f32
// CHECK:      atom.global.add.f64
// CHECK:      atom.acq_rel.gpu.add.u32
// CHECK:      atom.relaxed.sys.max.u32
// CHECK:      atom.release.cta.add.u32
// CHECK:      fence.sc.gpu;
// CHECK-NEXT: atom.acq_rel.gpu.or.b32
// CHECK:      atom.acquire.gpu.min.s64
// CHECK:      atom.acq_rel.gpu.global.cas.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}+16], 0, %r{{[0-9]+}};
// CHECK:      ld.acquire.gpu.global.b32
// CHECK:      st.release.sys.global.b32
// The float maximum is a compare-and-swap loop.
// CHECK:      atom.relaxed.gpu.global.cas.b32
// CHECK:      atom.acq_rel.cta.exch.b32

// HEADER:      /// Launches atomics(simt::Slice<const float> in, simt::AtomicSlice<float> sum, simt::AtomicSlice<std::uint32_t> counters, simt::AtomicSlice<double> dsum, simt::AtomicSlice<std::int64_t> wide).
// HEADER:      void atomics_unchecked(const simt::Stream& stream, const Config& config, simt::DeviceView<const float> in, simt::DeviceView<float> sum, simt::DeviceView<std::uint32_t> counters, simt::DeviceView<double> dsum, simt::DeviceView<std::int64_t> wide) const {

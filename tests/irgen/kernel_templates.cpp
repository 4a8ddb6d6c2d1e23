// Kernel templates are compiled per explicit instantiation: each is its own entry, named
// after the instantiation, with its own typed launcher in the generated header.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s --check-prefix=IR
// RUN: %simtc build %s -o %t.ptx --header %t.hpp
// RUN: FileCheck %s --check-prefix=HEADER < %t.hpp
#include <simt/kernel.hpp>

template <class T>
[[kernel]] void scale(T factor, simt::Slice<const T> in, simt::DisjointSlice<T> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = factor * in[i.get()];
}
template void scale<float>(float, simt::Slice<const float>, simt::DisjointSlice<float>);
template void scale<int>(int, simt::Slice<const int>, simt::DisjointSlice<int>);
template void scale<simt::half>(simt::half, simt::Slice<const simt::half>, simt::DisjointSlice<simt::half>);

template <int Shift>
[[kernel]] void rotate(simt::Slice<const unsigned> in, simt::DisjointSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = (in[i.get()] << Shift) | (in[i.get()] >> (32 - Shift));
}
template void rotate<5>(simt::Slice<const unsigned>, simt::DisjointSlice<unsigned>);

// IR: kernel @scale_float(f32 %factor, ptr.global noalias readonly %in.data, i64 %in.size, ptr.global noalias %out.data, i64 %out.size) {
// IR: kernel @scale_int(i32 %factor, ptr.global noalias readonly %in.data, i64 %in.size, ptr.global noalias %out.data, i64 %out.size) {
// IR: kernel @scale_half(f16 %factor, ptr.global noalias readonly %in.data, i64 %in.size, ptr.global noalias %out.data, i64 %out.size) {
// IR: kernel @rotate_5(ptr.global noalias readonly %in.data, i64 %in.size, ptr.global noalias %out.data, i64 %out.size) {

// HEADER:      scale_float_(module_.kernel("scale_float")),
// HEADER-NEXT: scale_int_(module_.kernel("scale_int")),
// HEADER-NEXT: scale_half_(module_.kernel("scale_half")),
// HEADER-NEXT: rotate_5_(module_.kernel("rotate_5")) {}
// HEADER:      /// Launches scale<float>(float factor, simt::Slice<const float> in, simt::DisjointSlice<float> out).
// HEADER:      void scale_float_unchecked(const simt::Stream& stream, const Config& config, float factor, simt::DeviceView<const float> in, simt::DeviceView<float> out) const {
// HEADER:      void scale_int_unchecked(const simt::Stream& stream, const Config& config, std::int32_t factor, simt::DeviceView<const std::int32_t> in, simt::DeviceView<std::int32_t> out) const {
// HEADER:      void scale_half_unchecked(const simt::Stream& stream, const Config& config, simt::half factor, simt::DeviceView<const simt::half> in, simt::DeviceView<simt::half> out) const {
// HEADER:      void rotate_5_unchecked(const simt::Stream& stream, const Config& config, simt::DeviceView<const std::uint32_t> in, simt::DeviceView<std::uint32_t> out) const {

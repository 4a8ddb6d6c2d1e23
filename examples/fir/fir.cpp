// A 1-D FIR filter: out[i] = sum over t of taps[t] * in[i + t], the taps in constant memory.
//
// All threads of a warp read the same tap at the same time, which constant memory serves as one
// broadcast from its cache. The host sets the taps before the launches that use them
// (fir_kernels::Kernels::set_taps, ordered with the launches on its stream; on the CPU,
// fir_kernels::host::set_taps).
#include <simt/kernel.hpp>

inline constexpr unsigned kTaps = 31;

simt::Constant<float, kTaps> taps;

[[kernel, simt::block(256), simt::requires("in.size() >= out.size() + 30")]]
void fir(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float sum = 0.0f;
    for (unsigned t = 0; t < kTaps; ++t) sum += taps[t] * in[i.get() + t];
    *o = sum;
  }
}

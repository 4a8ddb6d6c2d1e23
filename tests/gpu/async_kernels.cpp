// Kernels for the GPU test of the asynchronous runtime (async_gpu_test.cpp): small, checked
// launches to capture in graphs, and a long-running one for the copy/kernel overlap.
#include <simt/kernel.hpp>

// data[i] += 1: the small launch a graph captures a hundred times.
[[kernel, simt::block(256)]]
void increment(simt::DisjointSlice<float> data) {
  auto i = simt::thread::index_1d();
  if (auto d = data.get_mut(i)) *d = *d + 1.0f;
}

// out[i] = in[i] * a + b.
[[kernel, simt::block(256), simt::requires("in.size() >= out.size()")]]
void affine(float a, float b, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = in[i.get()] * a + b;
}

// Busy work to overlap copies with: each element goes `rounds` times through v = v * 0.999 + 0.001.
[[kernel, simt::block(256)]]
void spin(uint32_t rounds, simt::DisjointSlice<float> data) {
  auto i = simt::thread::index_1d();
  if (auto d = data.get_mut(i)) {
    float v = *d;
    for (uint32_t r = 0; r < rounds; ++r) v = v * 0.999f + 0.001f;
    *d = v;
  }
}

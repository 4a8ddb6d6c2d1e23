// c = max(c + bias[row], 0) on a column-major matrix with `rows` rows: the epilogue after a
// cuBLAS GEMM, in simt's safe subset.
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("bias.size() >= rows", "rows >= 1")]]
void bias_relu(uint32_t rows, simt::Slice<const float> bias, simt::DisjointSlice<float> c) {
  auto i = simt::thread::index_1d();
  if (auto e = c.get_mut(i)) {
    const float v = *e + bias[i.get() % rows];
    *e = v > 0.0f ? v : 0.0f;
  }
}

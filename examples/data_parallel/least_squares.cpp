// One data-parallel step of least-squares regression, y ~ x . w: each GPU computes the gradient
// of its shard of samples, an all-reduce sums them, and every GPU applies the same update.
#include <simt/kernel.hpp>

// res[r] = x[r] . w - y[r], one thread per sample r; x is row-major, d features per sample.
[[kernel, simt::block(256), simt::requires("w.size() >= d", "x.size() >= res.size() * d", "y.size() >= res.size()")]]
void residual(uint32_t d, simt::Slice<const float> w, simt::Slice<const float> x, simt::Slice<const float> y,
              simt::DisjointSlice<float> res) {
  auto r = simt::thread::index_1d();
  if (auto out = res.get_mut(r)) {
    float sum = 0.0f;
    for (uint32_t j = 0; j < d; ++j) sum += x[r.get() * d + j] * w[j];
    *out = sum - y[r.get()];
  }
}

// grad[j] = sum over samples r of res[r] * x[r][j], one thread per feature j.
[[kernel, simt::block(256), simt::requires("res.size() >= rows", "x.size() >= rows * grad.size()")]]
void gradient(uint32_t rows, simt::Slice<const float> x, simt::Slice<const float> res, simt::DisjointSlice<float> grad) {
  auto j = simt::thread::index_1d();
  const size_t d = grad.size();
  if (auto g = grad.get_mut(j)) {
    float sum = 0.0f;
    for (uint32_t r = 0; r < rows; ++r) sum += res[r] * x[r * d + j.get()];
    *g = sum;
  }
}

// w[j] -= step * grad[j].
[[kernel, simt::block(256), simt::requires("grad.size() >= w.size()")]]
void sgd(float step, simt::Slice<const float> grad, simt::DisjointSlice<float> w) {
  auto j = simt::thread::index_1d();
  if (auto o = w.get_mut(j)) *o = *o - step * grad[j.get()];
}

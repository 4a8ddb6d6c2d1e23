// A simtc kernel and cuBLAS on one CUDA stream: C = relu(A x B + bias). The CUDA runtime owns
// the device, the stream and the memory; cuBLAS computes A x B (cublasSgemm), then the simtc
// kernel bias_relu adds the bias and clamps, queued behind it on the same stream with no host
// synchronization between them. simt adopts the runtime's context (Context::current), its stream
// (Stream::adopt) and its allocations (DeviceView::adopt_unchecked).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "bias_relu.simt.hpp"

namespace {

constexpr int kSkip = 77;  // no GPU: nothing to show

bool ok(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  std::printf("%s failed: %s\n", what, cudaGetErrorString(e));
  return false;
}

bool ok(cublasStatus_t s, const char* what) {
  if (s == CUBLAS_STATUS_SUCCESS) return true;
  std::printf("%s failed: cublasStatus_t %d\n", what, static_cast<int>(s));
  return false;
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no GPU here: the cuBLAS interop example needs one; skipped\n");
    return kSkip;
  }
  const int m = 512, n = 384, k = 256;  // C (m x n) = A (m x k) x B (k x n), column-major
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n), bias(m);
  for (float& v : a) v = dist(rng);
  for (float& v : b) v = dist(rng);
  for (float& v : bias) v = dist(rng);

  // The CUDA runtime's side: device, stream, memory, cuBLAS handle.
  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr, *d_bias = nullptr;
  cudaStream_t stream = nullptr;
  cublasHandle_t blas = nullptr;
  if (!ok(cudaSetDevice(0), "cudaSetDevice") || !ok(cudaStreamCreate(&stream), "cudaStreamCreate") ||
      !ok(cudaMalloc(&d_a, a.size() * sizeof(float)), "cudaMalloc") ||
      !ok(cudaMalloc(&d_b, b.size() * sizeof(float)), "cudaMalloc") ||
      !ok(cudaMalloc(&d_c, std::size_t(m) * n * sizeof(float)), "cudaMalloc") ||
      !ok(cudaMalloc(&d_bias, bias.size() * sizeof(float)), "cudaMalloc") || !ok(cublasCreate(&blas), "cublasCreate") ||
      !ok(cublasSetStream(blas, stream), "cublasSetStream"))
    return 1;
  cudaMemcpyAsync(d_a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaMemcpyAsync(d_b, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaMemcpyAsync(d_bias, bias.data(), bias.size() * sizeof(float), cudaMemcpyHostToDevice, stream);

  const float one = 1.0f, zero = 0.0f;
  if (!ok(cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, d_a, m, d_b, k, &zero, d_c, m), "cublasSgemm"))
    return 1;

  std::vector<float> c(std::size_t(m) * n);
  try {
    // simt's side: the same context, the same stream, the same memory.
    const simt::Context context = simt::Context::current();
    const simt::Stream on_stream = simt::Stream::adopt(stream);
    std::printf("GPU 0: %s; simt adopted cudart's context and stream\n", context.device_name().c_str());
    const auto kernels = bias_relu_kernels::load(context);
    // Unchecked adoption: simt cannot know these allocations' sizes; the sizes passed are cudaMalloc's.
    const auto c_view = simt::DeviceView<float>::adopt_unchecked(d_c, std::size_t(m) * n);
    const auto bias_view = simt::DeviceView<const float>::adopt_unchecked(d_bias, bias.size());
    kernels.bias_relu(on_stream, kernels.prepare_bias_relu(simt::LaunchConfig1D::cover(c_view.size(), 256)),
                      static_cast<std::uint32_t>(m), bias_view, c_view);
  } catch (const simt::Error& e) {
    std::printf("simt: %s\n", e.what());
    return 1;
  }
  if (!ok(cudaMemcpyAsync(c.data(), d_c, c.size() * sizeof(float), cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync") ||
      !ok(cudaStreamSynchronize(stream), "cudaStreamSynchronize"))
    return 1;

  // The reference, in double: relu(A x B + bias).
  double worst = 0;
  for (int col = 0; col < n; ++col) {
    for (int row = 0; row < m; ++row) {
      double sum = bias[std::size_t(row)];
      for (int i = 0; i < k; ++i) sum += double(a[std::size_t(i) * m + row]) * double(b[std::size_t(col) * k + i]);
      const double want = std::max(sum, 0.0);
      worst = std::max(worst, std::abs(want - double(c[std::size_t(col) * m + row])));
    }
  }
  cublasDestroy(blas);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  cudaFree(d_bias);
  cudaStreamDestroy(stream);
  const double tolerance = 1e-3 * k;  // float accumulation over k terms of magnitude <= 1
  std::printf("relu(A x B + bias), %d x %d x %d: largest error %.3g (tolerance %.3g): %s\n", m, n, k, worst, tolerance,
              worst <= tolerance ? "correct" : "WRONG");
  return worst <= tolerance ? 0 : 1;
}

// cuBLAS, loaded with dlopen (libcublas.so.13) so the bench builds without linking it and
// runs wherever the CUDA 13 toolkit's libraries are. Row-major wrappers over the
// column-major API: C = A * B with A m x k, B k x n, C m x n, all row-major, is computed as
// C^T = B^T * A^T.
#pragma once

#include <cstdint>
#include <string>

struct CUstream_st;

namespace bench {

class Cublas {
 public:
  /// Loads libcublas.so.13 (then /usr/local/cuda/lib64/libcublas.so.13) and creates a handle
  /// bound to `stream`; throws std::runtime_error naming what failed.
  explicit Cublas(CUstream_st* stream);
  ~Cublas();
  Cublas(const Cublas&) = delete;
  Cublas& operator=(const Cublas&) = delete;

  /// FP32 SGEMM (default math mode: FFMA, no TF32), row-major, C = A * B.
  void sgemm(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c);
  /// Half inputs, f32 accumulation and f32 output (cublasGemmEx, CUBLAS_COMPUTE_32F), row-major.
  void hgemm_f32_out(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c);
  /// Half inputs, f32 accumulation, half output.
  void hgemm_f16_out(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c);

  /// bf16 inputs, f32 accumulation, bf16 output, C = A * Bt^T with A m x k and Bt n x k, all
  /// row-major (both operands K-major, cuBLAS's "TN").
  void gemm_bf16_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c);
  /// The same with f16 inputs and output.
  void gemm_f16_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c);

  /// The library's version, e.g. 130000.
  int version() const { return version_; }
  /// Where the library was loaded from.
  const std::string& path() const { return path_; }

 private:
  void gemm_ex(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c, int c_type);
  void gemm_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c, int type);

  void* library_ = nullptr;
  void* handle_ = nullptr;
  int version_ = 0;
  std::string path_;
  // Entry points (C ABI; the handle and stream are opaque pointers).
  int (*create_)(void**) = nullptr;
  int (*destroy_)(void*) = nullptr;
  int (*set_stream_)(void*, CUstream_st*) = nullptr;
  int (*get_version_)(void*, int*) = nullptr;
  int (*sgemm_)(void*, int, int, int, int, int, const float*, const float*, int, const float*, int, const float*,
                float*, int) = nullptr;
  int (*gemm_ex_)(void*, int, int, int, int, int, const void*, const void*, int, int, const void*, int, int,
                  const void*, void*, int, int, int, int) = nullptr;
};

}  // namespace bench

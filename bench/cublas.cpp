// cuBLAS through dlopen. The enum values are cuBLAS's and CUDA's documented constants
// (cublas_api.h, library_types.h); spelling them here keeps the toolkit headers out of the
// bench and lets it build where cuBLAS's headers are absent.
#include "cublas.hpp"

#include <dlfcn.h>

#include <stdexcept>

namespace bench {
namespace {

constexpr int kOpN = 0;               // CUBLAS_OP_N
constexpr int kOpT = 1;               // CUBLAS_OP_T
constexpr int kR16BF = 14;            // CUDA_R_16BF
constexpr int kR32F = 0;              // CUDA_R_32F
constexpr int kR16F = 2;              // CUDA_R_16F
constexpr int kCompute32F = 68;       // CUBLAS_COMPUTE_32F
constexpr int kGemmDefault = -1;      // CUBLAS_GEMM_DEFAULT

template <class Fn>
void resolve(void* library, Fn& slot, const char* symbol) {
  void* address = dlsym(library, symbol);
  if (address == nullptr) throw std::runtime_error(std::string("libcublas lacks ") + symbol);
  slot = reinterpret_cast<Fn>(address);
}

void check(int status, const char* what) {
  if (status != 0) throw std::runtime_error(std::string(what) + " failed: cublasStatus " + std::to_string(status));
}

}  // namespace

Cublas::Cublas(CUstream_st* stream) {
  for (const char* candidate : {"libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.13"}) {
    library_ = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
    if (library_ != nullptr) {
      path_ = candidate;
      break;
    }
  }
  if (library_ == nullptr) throw std::runtime_error("cannot load libcublas.so.13 (" + std::string(dlerror()) + ")");
  resolve(library_, create_, "cublasCreate_v2");
  resolve(library_, destroy_, "cublasDestroy_v2");
  resolve(library_, set_stream_, "cublasSetStream_v2");
  resolve(library_, get_version_, "cublasGetVersion_v2");
  resolve(library_, sgemm_, "cublasSgemm_v2");
  resolve(library_, gemm_ex_, "cublasGemmEx");
  check(create_(&handle_), "cublasCreate");
  check(set_stream_(handle_, stream), "cublasSetStream");
  check(get_version_(handle_, &version_), "cublasGetVersion");
}

Cublas::~Cublas() {
  if (handle_ != nullptr) destroy_(handle_);
  // The library stays loaded: cuBLAS may have registered exit handlers.
}

void Cublas::sgemm(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  const float alpha = 1.0f, beta = 0.0f;
  check(sgemm_(handle_, kOpN, kOpN, n, m, k, &alpha, reinterpret_cast<const float*>(b), n,
               reinterpret_cast<const float*>(a), k, &beta, reinterpret_cast<float*>(c), n),
        "cublasSgemm");
}

void Cublas::gemm_ex(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c, int c_type) {
  const float alpha = 1.0f, beta = 0.0f;
  check(gemm_ex_(handle_, kOpN, kOpN, n, m, k, &alpha, reinterpret_cast<const void*>(b), kR16F, n,
                 reinterpret_cast<const void*>(a), kR16F, k, &beta, reinterpret_cast<void*>(c), c_type, n, kCompute32F,
                 kGemmDefault),
        "cublasGemmEx");
}

void Cublas::hgemm_f32_out(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  gemm_ex(m, n, k, a, b, c, kR32F);
}

void Cublas::hgemm_f16_out(int m, int n, int k, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  gemm_ex(m, n, k, a, b, c, kR16F);
}

void Cublas::gemm_bf16_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c) {
  gemm_tn(m, n, k, a, bt, c, kR16BF);
}

void Cublas::gemm_f16_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c) {
  gemm_tn(m, n, k, a, bt, c, kR16F);
}

void Cublas::gemm_tn(int m, int n, int k, std::uint64_t a, std::uint64_t bt, std::uint64_t c, int type) {
  // Column-major, C^T (n x m) = Bt (n x k) * A^T: Bt is stored as its transpose (k x n, ld k),
  // A^T as itself (k x m, ld k).
  const float alpha = 1.0f, beta = 0.0f;
  check(gemm_ex_(handle_, kOpT, kOpN, n, m, k, &alpha, reinterpret_cast<const void*>(bt), type, k,
                 reinterpret_cast<const void*>(a), type, k, &beta, reinterpret_cast<void*>(c), type, n, kCompute32F,
                 kGemmDefault),
        "cublasGemmEx");
}

}  // namespace bench

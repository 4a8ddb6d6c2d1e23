// What the two GEMM benchmarks (kernels/sgemm.cpp, kernels/hgemm.cpp) share: the sizes, and
// one size's outputs checked (against the CPU, or simtc against nvcc and cuBLAS) and timed.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench.hpp"

namespace bench {

struct GemmShape {
  std::uint32_t m, n, k;
};

/// The timed sizes: 2048^3, 4096^3 and 8192^3 (2048^3 alone with --quick).
std::vector<GemmShape> gemm_sizes(const Options& options);

/// Widens float results for a comparison with a double reference.
std::vector<double> widen(const std::vector<float>& v);

/// One size of a GEMM benchmark. The three versions (simtc, nvcc's twin, cuBLAS) run once each
/// into `c0`, poisoned before each. With a CPU reference (`cpu_reference` not empty) all three
/// are compared with it into `cpu` and nothing is timed; otherwise simtc must equal nvcc to the
/// bit (the same instructions in the same order), cuBLAS be close to nvcc, and the three are
/// timed into a row of the table named `kernel`, against the reference `ref_name`.
struct GemmSize {
  const char* kernel;
  const char* ref_name;
  GemmShape shape;
  double bytes;
  int sets;
  double tolerance;
};
void check_and_time_gemm(Bench& b, Verdict& cpu, const GemmSize& size, simt::DeviceBuffer<float>& c0,
                         const std::array<std::function<void(int)>, 3>& runs,
                         const std::function<std::vector<double>()>& cpu_reference);

}  // namespace bench

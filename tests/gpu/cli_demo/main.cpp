// The program tests/gpu/cli_tools.sh runs under `simtc sanitize` and `simtc run`:
//   cli_demo          sums 1000003 floats with block_sum and checks the sum (exit 0, or 1)
//   cli_demo shift    runs shift_left, whose last thread reads past the end of its input
//                     (memcheck reports it; without a sanitizer the read goes unnoticed)
// Exits with 77 without a GPU.
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli_demo.simt.hpp"

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "sum";
  try {
    simt::Context ctx = simt::Context::primary();
    simt::Stream stream(ctx);
    auto kernels = cli_demo_kernels::load(ctx);
    const std::size_t n = 1000003;
    std::vector<float> host(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = float(i % 7);
    auto in = simt::DeviceBuffer<float>::from_host(ctx, host);
    if (mode == "shift") {
      auto out = simt::DeviceBuffer<float>::uninitialized(ctx, n);
      kernels.shift_left_unchecked(stream, simt::LaunchConfig1D::cover(n, 256), in, out);
      stream.synchronize();
      std::printf("cli_demo shift: done (n = %zu)\n", n);
      return 0;
    }
    const std::size_t blocks = (n + 255) / 256;
    auto sums = simt::DeviceBuffer<float>::from_host(ctx, std::vector<float>(blocks, 0.0f));
    kernels.block_sum(stream, kernels.prepare_block_sum(simt::LaunchConfig1D::cover(n, 256)), in, sums);
    stream.synchronize();
    double total = 0, expected = 0;
    for (float s : sums.to_host()) total += s;
    for (float v : host) expected += v;
    if (std::fabs(total - expected) > 1e-3 * expected) {
      std::printf("cli_demo: sum %g, expected %g\n", total, expected);
      return 1;
    }
    std::printf("cli_demo: sum ok (n = %zu)\n", n);
    return 0;
  } catch (const simt::DriverNotFound& e) {
    std::printf("cli_demo: no GPU here, skipped (%s)\n", e.what());
    return 77;
  } catch (const simt::NoDevice& e) {
    std::printf("cli_demo: no GPU here, skipped (%s)\n", e.what());
    return 77;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cli_demo: error: %s\n", e.what());
    return 1;
  }
}

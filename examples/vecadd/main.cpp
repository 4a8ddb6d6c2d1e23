// Adds two vectors on the GPU for several sizes with both kernels of vecadd.cpp (one element
// per thread, and four with 16-byte accesses), the output poisoned before each launch, and
// checks every element. Without a GPU, runs the kernels on the CPU instead.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <vector>

#include <simt/host.hpp>

#include "vecadd.simt.hpp"

// The kernels of vecadd.cpp, compiled for the CPU as well.
void vecadd(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> c);
void vecadd_x4(simt::Slice<const float> a, simt::Slice<const float> b,
               simt::DisjointSlice<float, simt::space::Tile<4>> c);

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {1, 255, 256, 257, 1000003, std::size_t(1) << 26};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
  }
  std::mt19937 rng(1234);
  std::normal_distribution<float> dist(0.0f, 1000.0f);
  auto inputs = [&](std::size_t n) {
    std::vector<float> v(n);
    for (float& f : v) f = dist(rng);
    return v;
  };

  std::optional<simt::Context> gpu;
  try {
    gpu.emplace(simt::Context::primary());
  } catch (const simt::Error& e) {
    std::printf("no GPU here (%s)\nran vecadd on the CPU through the host reference instead:\n", e.what());
    const std::size_t n = 1000003;
    std::vector<float> a = inputs(n), b = inputs(n), c(n, -1.0f);
    simt::host::launch_1d(std::uint32_t((n + 127) / 128), 128, vecadd, simt::host::slice(a),
                          simt::host::slice(b), simt::host::disjoint(c));
    for (std::size_t i = 0; i < n; ++i)
      if (c[i] != a[i] + b[i]) return std::printf("vecadd (CPU): mismatch at %zu\n", i), 1;
    std::printf("vecadd (CPU): n = %zu ok\n", n);
    std::fill(c.begin(), c.end(), -1.0f);
    simt::host::launch_1d(std::uint32_t((n + 4 * 128 - 1) / (4 * 128)), 128, vecadd_x4, simt::host::slice(a),
                          simt::host::slice(b), simt::host::disjoint<simt::space::Tile<4>>(c));
    for (std::size_t i = 0; i < n; ++i)
      if (c[i] != a[i] + b[i]) return std::printf("vecadd_x4 (CPU): mismatch at %zu\n", i), 1;
    std::printf("vecadd_x4 (CPU): n = %zu ok\n", n);
    return 0;
  }
  std::printf("GPU 0: %s (sm_%d)\n", gpu->device_name().c_str(), gpu->compute_capability());
  auto kernels = vecadd_kernels::load(*gpu);
  simt::Stream stream(*gpu);
  int failures = 0;
  for (std::size_t n : sizes) {
    std::vector<float> a = inputs(n), b = inputs(n);
    auto da = simt::DeviceBuffer<float>::from_host(*gpu, a);
    auto db = simt::DeviceBuffer<float>::from_host(*gpu, b);
    auto dc = simt::DeviceBuffer<float>::uninitialized(*gpu, n);
    auto check = [&](const char* name) {
      const std::vector<float> c = dc.to_host();
      std::size_t bad = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (c[i] != a[i] + b[i] && bad++ == 0)
          std::printf("%s: n = %zu: first mismatch at %zu: got %a, want %a\n", name, n, i, c[i], a[i] + b[i]);
      std::printf("%s: n = %zu %s\n", name, n, bad == 0 ? "ok" : "FAILED");
      failures += bad != 0;
    };
    dc.fill_bytes(0xFF);  // poison: NaN everywhere until the kernel writes
    kernels.vecadd(stream, kernels.prepare_vecadd(simt::LaunchConfig1D::cover(n, 128)), da, db, dc);
    stream.synchronize();
    check("vecadd");
    dc.fill_bytes(0xFF);
    kernels.vecadd_x4(stream, kernels.prepare_vecadd_x4(simt::LaunchConfig1D::cover((n + 3) / 4, 128)), da, db, dc);
    stream.synchronize();
    check("vecadd_x4");
  }
  return failures == 0 ? 0 : 1;
}

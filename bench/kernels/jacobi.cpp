// jacobi: one sweep of the 2-D Laplace equation (examples/jacobi), timed with jacobi_strip
// (a strip of rows per thread, loads straight through the read-only cache) and its nvcc twin.
// Memory-bound: 8 bytes per point (each point read once, written once).
#include <utility>

#include <simt/host.hpp>

#include "bench.hpp"
#include "jacobi.hpp"
#include "jacobi.simt.hpp"
#include "jacobi_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void jacobi_step(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                 simt::DisjointSlice<float> out);
void jacobi_strip(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out);

namespace bench {
namespace {

struct Shape {
  std::uint32_t rows, cols;
};

simt::LaunchConfig2D config(Shape s) { return {{(s.cols + kBX - 1) / kBX, (s.rows + kBY - 1) / kBY}, {kBX, kBY}}; }
simt::LaunchConfig2D strip_config(Shape s) {
  constexpr std::uint32_t kRowsPerBlock = kStripBY * kStripRows;
  return {{(s.cols + kStripBX - 1) / kStripBX, (s.rows + kRowsPerBlock - 1) / kRowsPerBlock}, {kStripBX, kStripBY}};
}

// One sweep, with the kernel's arithmetic in the kernel's order (so the comparison is exact).
std::vector<float> reference(Shape s, const std::vector<float>& a) {
  std::vector<float> out(a.size());
  for (std::size_t y = 0; y < s.rows; ++y)
    for (std::size_t x = 0; x < s.cols; ++x) {
      const std::size_t i = y * s.cols + x;
      const bool boundary = y == 0 || x == 0 || y + 1 == s.rows || x + 1 == s.cols;
      out[i] = boundary ? a[i] : 0.25f * ((a[i - s.cols] + a[i + s.cols]) + (a[i - 1] + a[i + 1]));
    }
  return out;
}

std::string cpu_check() {
  const Shape s{130, 75};
  const std::vector<float> in = random_floats(std::size_t(s.rows) * s.cols, 9, 0.0f, 100.0f);
  std::vector<float> out(in.size(), -1.0f);
  const simt::LaunchConfig2D c = config(s);
  simt::host::launch({c.grid.x, c.grid.y, 1}, {c.block.x, c.block.y, 1}, jacobi_step, s.rows, s.cols,
                     simt::host::slice(in), simt::host::disjoint(out));
  Verdict v;
  v.equal<float>("host run vs reference", out, reference(s, in));
  std::vector<float> out_strip(in.size(), -1.0f);
  const simt::LaunchConfig2D cs = strip_config(s);
  simt::host::launch({cs.grid.x, cs.grid.y, 1}, {cs.block.x, cs.block.y, 1}, jacobi_strip, s.rows, s.cols,
                     simt::host::slice(in), simt::host::disjoint(out_strip));
  v.equal<float>("jacobi_strip host run vs reference", out_strip, reference(s, in));
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = jacobi_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("jacobi", jacobi_bench_data::cubin).kernel("jacobi_strip");
  b.add_resources("jacobi", jacobi_bench_data::simtc_ptxas_log, jacobi_bench_data::nvcc_ptxas_log,
                  simtc.jacobi_strip_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t n = std::size_t(s.rows) * s.cols;
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<float>> In, Out;
    for (int i = 0; i < sets; ++i) {
      In.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(In.back(), 10 * i + 1, 0.0f, 100.0f);
    }
    const simt::LaunchConfig2D shape = strip_config(s);
    auto run_simtc = [&](int i) {
      simtc.jacobi_strip_unchecked(b.stream(), shape, s.rows, s.cols, std::as_const(In[i]).view(), Out[i].view());
    };
    auto run_nvcc = [&](int i) {
      const std::uint64_t in = In[i].device_ptr(), out = Out[i].device_ptr();
      b.launch(nvcc, shape, static_cast<int>(s.rows), static_cast<int>(s.cols), in, out);
    };
    const std::vector<float> got_simtc = b.output_of(Out[0], [&] { run_simtc(0); });
    const std::vector<float> got_nvcc = b.output_of(Out[0], [&] { run_nvcc(0); });
    b.finish_exact<float>(cpu, against_cpu, got_simtc, got_nvcc, [&] { return reference(s, In[0].to_host()); },
                       Row::memory("jacobi", std::to_string(s.rows) + "x" + std::to_string(s.cols),
                          "rows=" + std::to_string(s.rows) + ",cols=" + std::to_string(s.cols), 8.0 * n), run_simtc, run_nvcc, sets);
  };
  one_size({1000, 1030}, true);
  for (Shape s : b.options().quick ? std::vector<Shape>{{4096, 4096}}
                                   : std::vector<Shape>{{8192, 8192}, {8191, 8193}, {16384, 16384}})
    one_size(s, false);
}

}  // namespace

const Entry& entry_jacobi() {
  static const Entry entry{"jacobi", run, cpu_check, jacobi_bench_data::simtc_ptxas_log,
                           jacobi_bench_data::nvcc_ptxas_log, {"jacobi_step", "jacobi_strip"}};
  return entry;
}

}  // namespace bench

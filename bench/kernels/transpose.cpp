// transpose: out (cols x rows) = in (rows x cols)^T through a padded shared tile
// (examples/transpose). Memory-bound: 8 bytes per element.
#include <simt/host.hpp>

#include "bench.hpp"
#include "transpose.hpp"
#include "transpose.simt.hpp"
#include "transpose_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void transpose(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out);

namespace bench {
namespace {

struct Shape {
  std::uint32_t rows, cols;
};

simt::LaunchConfig2D config(Shape s) { return {{(s.cols + kTile - 1) / kTile, (s.rows + kTile - 1) / kTile}, {kThreadsX, kRows}}; }

std::vector<float> reference(Shape s, const std::vector<float>& in) {
  std::vector<float> out(in.size());
  for (std::size_t r = 0; r < s.rows; ++r)
    for (std::size_t c = 0; c < s.cols; ++c) out[c * s.rows + r] = in[r * s.cols + c];
  return out;
}

std::string cpu_check() {
  const Shape s{257, 131};
  const std::vector<float> in = random_floats(std::size_t(s.rows) * s.cols, 6);
  std::vector<float> out(in.size(), -1.0f);
  const simt::LaunchConfig2D c = config(s);
  simt::host::launch({c.grid.x, c.grid.y, 1}, {c.block.x, c.block.y, 1}, transpose, s.rows, s.cols,
                     simt::host::slice(in), simt::host::disjoint(out));
  Verdict v;
  v.equal<float>("host run vs reference", out, reference(s, in));
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = transpose_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("transpose", transpose_bench_data::cubin).kernel("transpose");
  b.add_resources("transpose", transpose_bench_data::simtc_ptxas_log, transpose_bench_data::nvcc_ptxas_log,
                  simtc.transpose_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t n = std::size_t(s.rows) * s.cols;
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<float>> In, Out;
    for (int i = 0; i < sets; ++i) {
      In.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(In.back(), 10 * i + 1, -1.0f, 1.0f);
    }
    const simt::LaunchConfig2D shape = config(s);
    auto run_simtc = [&](int i) { simtc.transpose_unchecked(b.stream(), shape, s.rows, s.cols, In[i], Out[i]); };
    auto run_nvcc = [&](int i) {
      const std::uint64_t in = In[i].device_ptr(), out = Out[i].device_ptr();
      b.launch(nvcc, shape, static_cast<int>(s.rows), static_cast<int>(s.cols), in, out);
    };
    const std::vector<float> got_simtc = b.output_of(Out[0], [&] { run_simtc(0); });
    const std::vector<float> got_nvcc = b.output_of(Out[0], [&] { run_nvcc(0); });
    b.finish_exact<float>(cpu, against_cpu, got_simtc, got_nvcc, [&] { return reference(s, In[0].to_host()); },
                       Row::memory("transpose", std::to_string(s.rows) + "x" + std::to_string(s.cols),
                          "rows=" + std::to_string(s.rows) + ",cols=" + std::to_string(s.cols), 8.0 * n), run_simtc, run_nvcc, sets);
  };
  one_size({1000, 1025}, true);
  for (Shape s : b.options().quick ? std::vector<Shape>{{4096, 4096}}
                                   : std::vector<Shape>{{8192, 8192}, {8191, 8193}, {16384, 16384}})
    one_size(s, false);
}

}  // namespace

const Entry& entry_transpose() {
  static const Entry entry{"transpose", run, cpu_check, transpose_bench_data::simtc_ptxas_log,
                           transpose_bench_data::nvcc_ptxas_log, {"transpose"}};
  return entry;
}

}  // namespace bench

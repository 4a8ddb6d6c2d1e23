#include "gemm.hpp"

namespace bench {

std::vector<GemmShape> gemm_sizes(const Options& options) {
  if (options.quick) return {{2048, 2048, 2048}};
  return {{2048, 2048, 2048}, {4096, 4096, 4096}, {8192, 8192, 8192}};
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

void check_and_time_gemm(Bench& b, Verdict& cpu, const GemmSize& size, simt::DeviceBuffer<float>& c0,
                         const std::array<std::function<void(int)>, 3>& runs,
                         const std::function<std::vector<double>()>& cpu_reference) {
  const std::vector<float> got_simtc = b.output_of(c0, [&] { runs[0](0); });
  const std::vector<float> got_nvcc = b.output_of(c0, [&] { runs[1](0); });
  const std::vector<float> got_cublas = b.output_of(c0, [&] { runs[2](0); });
  if (cpu_reference) {
    const std::vector<double> want = cpu_reference();
    cpu.close("simtc vs CPU", widen(got_simtc), want, size.tolerance);
    cpu.close("nvcc vs CPU", widen(got_nvcc), want, size.tolerance);
    cpu.close("cuBLAS vs CPU", widen(got_cublas), want, size.tolerance);
    return;
  }
  Verdict v = cpu;
  v.equal<float>("simtc vs nvcc", got_simtc, got_nvcc);
  v.close("cuBLAS vs nvcc", got_cublas, got_nvcc, size.tolerance);
  const GemmShape& s = size.shape;
  const std::string dims = "M=" + std::to_string(s.m) + ",N=" + std::to_string(s.n) + ",K=" + std::to_string(s.k);
  const std::string name = s.m == s.n && s.n == s.k ? std::to_string(s.m) + "^3" : dims;
  Row row = Row::compute(size.kernel, name, dims, 2.0 * s.m * s.n * static_cast<double>(s.k), size.bytes,
                         size.ref_name);
  const std::vector<double> ms = b.time({runs[0], runs[1], runs[2]}, size.sets, &row.spread_pct);
  row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.ref_ms = ms[2], row.check = v.text();
  b.add_row(std::move(row));
}

}  // namespace bench

// Data parallelism over every GPU of the machine (one is enough): each GPU holds a shard of the
// samples and a copy of the weights, computes its shard's gradient with simtc kernels, an NCCL
// all-reduce sums the gradients on the GPUs' own streams, and each GPU takes the same SGD step.
// Checked against the same step computed on the CPU; the weights must agree on every GPU.
#include <cmath>
#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "least_squares.simt.hpp"

namespace {

constexpr int kSkip = 77;  // no GPU or no NCCL: nothing to show

struct Rank {
  simt::Stream stream;
  least_squares_kernels::Kernels kernels;
  simt::DeviceBuffer<float> x, y, w, res, grad;
};

}  // namespace

int main() {
  std::vector<simt::Context> gpus;
  std::vector<simt::nccl::Communicator> comms;
  try {
    gpus = simt::Context::all();
    if (gpus.empty()) throw simt::NoDevice("no CUDA device", "the driver reports 0 devices");
    comms = simt::nccl::Communicator::init_all(gpus);
  } catch (const simt::Error& e) {
    std::printf("skipped: %s\n", e.what());
    return kSkip;
  }
  const std::size_t ranks = gpus.size(), d = 64, rows_per_rank = 4096, rows = ranks * rows_per_rank;
  const float learning_rate = 0.1f;
  const float step = learning_rate / static_cast<float>(rows);

  std::mt19937 rng(11);
  std::normal_distribution<float> dist(0.0f, 1.0f);
  std::vector<float> x(rows * d), y(rows), w0(d);
  for (float& v : x) v = dist(rng);
  for (float& v : y) v = dist(rng);
  for (float& v : w0) v = 0.1f * dist(rng);

  try {
    std::vector<Rank> shards;
    for (std::size_t r = 0; r < ranks; ++r) {
      const simt::Context& ctx = gpus[r];
      const std::span<const float> xs(x.data() + r * rows_per_rank * d, rows_per_rank * d);
      const std::span<const float> ys(y.data() + r * rows_per_rank, rows_per_rank);
      shards.push_back(Rank{simt::Stream(ctx), least_squares_kernels::load(ctx), simt::DeviceBuffer<float>::from_host(ctx, xs),
                            simt::DeviceBuffer<float>::from_host(ctx, ys), simt::DeviceBuffer<float>::from_host(ctx, w0),
                            simt::DeviceBuffer<float>::uninitialized(ctx, rows_per_rank),
                            simt::DeviceBuffer<float>::uninitialized(ctx, d)});
    }
    // The step, queued on every GPU without waiting for any: local gradient, all-reduce, update.
    for (Rank& s : shards) {
      const auto& k = s.kernels;
      k.residual(s.stream, k.prepare_residual(simt::LaunchConfig1D::cover(rows_per_rank, 256)), std::uint32_t(d), s.w, s.x,
                 s.y, s.res);
      k.gradient(s.stream, k.prepare_gradient(simt::LaunchConfig1D::cover(d, 256)), std::uint32_t(rows_per_rank), s.x, s.res,
                 s.grad);
    }
    simt::nccl::group([&] {
      for (std::size_t r = 0; r < ranks; ++r) comms[r].all_reduce(shards[r].grad.view(), simt::nccl::ReduceOp::sum, shards[r].stream);
    });
    for (Rank& s : shards) s.kernels.sgd(s.stream, s.kernels.prepare_sgd(simt::LaunchConfig1D::cover(d, 256)), step, s.grad, s.w);

    // The CPU's step, in double.
    std::vector<double> grad(d, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
      double dot = 0;
      for (std::size_t j = 0; j < d; ++j) dot += double(x[r * d + j]) * double(w0[j]);
      for (std::size_t j = 0; j < d; ++j) grad[j] += (dot - double(y[r])) * double(x[r * d + j]);
    }
    double worst = 0;
    const std::vector<float> first = shards[0].w.to_host();
    bool same_everywhere = true;
    for (std::size_t r = 0; r < ranks; ++r) {
      const std::vector<float> w = shards[r].w.to_host();
      same_everywhere = same_everywhere && w == first;
      for (std::size_t j = 0; j < d; ++j)
        worst = std::max(worst, std::abs(double(w[j]) - (double(w0[j]) - double(step) * grad[j])));
    }
    const double tolerance = 1e-4;
    std::printf("data-parallel SGD step over %zu GPU(s), %zu samples of %zu features: largest error %.3g (tolerance "
                "%.3g), weights %s on every GPU: %s\n",
                ranks, rows, d, worst, tolerance, same_everywhere ? "equal" : "DIFFERENT",
                worst <= tolerance && same_everywhere ? "correct" : "WRONG");
    return worst <= tolerance && same_everywhere ? 0 : 1;
  } catch (const simt::Error& e) {
    std::printf("simt: %s\n", e.what());
    return 1;
  }
}

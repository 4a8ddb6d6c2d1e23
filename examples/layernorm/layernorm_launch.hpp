// Host side of the layer-norm example: which kernel normalises rows of a given length, and the
// launch (on the GPU, or on the CPU through simt's host reference).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <simt/host.hpp>

#include "layernorm.hpp"
#include "layernorm.simt.hpp"

// The kernels of layernorm.cpp, compiled for the CPU as well (one signature for all).
#define LAYER_NORM_DECLARE(name)                                                                           \
  void name(uint32_t rows, uint32_t cols, float epsilon, simt::Slice<const float> in, simt::Slice<const float> gamma, \
            simt::Slice<const float> beta, simt::DisjointSlice<float> out);
LAYER_NORM_DECLARE(layer_norm)
LAYER_NORM_DECLARE(layer_norm_1k)
LAYER_NORM_DECLARE(layer_norm_4k)
LAYER_NORM_DECLARE(layer_norm_8k)
LAYER_NORM_DECLARE(layer_norm_16k)
#undef LAYER_NORM_DECLARE

/// The kernel for a row length and its launch shape.
struct LayerNormPlan {
  const char* name;  ///< the entry's name, e.g. "layer_norm_4k"
  void (*host_kernel)(uint32_t, uint32_t, float, simt::Slice<const float>, simt::Slice<const float>,
                      simt::Slice<const float>, simt::DisjointSlice<float>);
  simt::LaunchConfig2D config;
};

/// Rows up to 16384 floats go to the smallest row-in-registers kernel that holds them (a block
/// per row: 128 threads of 8 elements up to 1024 columns, 256 of 16 up to 4096, 512 of 16 up to
/// 8192, 512 of 32 up to 16384); longer rows to `layer_norm`, a block of kBlock threads striding.
inline LayerNormPlan layer_norm_plan(std::uint32_t rows, std::uint32_t cols) {
  struct Variant {
    std::uint32_t max_cols, group;
    const char* name;
    decltype(LayerNormPlan::host_kernel) host_kernel;
  };
  static const Variant variants[] = {{1024, 128, "layer_norm_1k", layer_norm_1k},
                                     {4096, 256, "layer_norm_4k", layer_norm_4k},
                                     {8192, 512, "layer_norm_8k", layer_norm_8k},
                                     {16384, 512, "layer_norm_16k", layer_norm_16k}};
  for (const Variant& v : variants)
    if (cols <= v.max_cols)
      return {v.name, v.host_kernel, {{rows, 1}, {v.group, 1}, 0}};
  return {"layer_norm", layer_norm, {{rows, 1}, {kBlock, 1}, 0}};
}

/// Queues the layer norm of `rows` rows of `cols` floats on `stream` with layer_norm_plan()'s
/// kernel, through its contract-checked launcher, or the unchecked one when `checked` is false.
inline void launch_layer_norm(const layernorm_kernels::Kernels& k, const simt::Stream& stream, std::uint32_t rows,
                              std::uint32_t cols, float epsilon, simt::DeviceView<const float> in,
                              simt::DeviceView<const float> gamma, simt::DeviceView<const float> beta,
                              simt::DeviceView<float> out, bool checked = true) {
  const LayerNormPlan plan = layer_norm_plan(rows, cols);
  const std::string_view name = plan.name;
#define LAYER_NORM_LAUNCH(entry)                                                                             \
  if (name == #entry) {                                                                                      \
    if (checked) k.entry(stream, k.prepare_##entry(plan.config), rows, cols, epsilon, in, gamma, beta, out);  \
    else k.entry##_unchecked(stream, plan.config, rows, cols, epsilon, in, gamma, beta, out);                \
    return;                                                                                                  \
  }
  LAYER_NORM_LAUNCH(layer_norm_1k)
  LAYER_NORM_LAUNCH(layer_norm_4k)
  LAYER_NORM_LAUNCH(layer_norm_8k)
  LAYER_NORM_LAUNCH(layer_norm_16k)
  LAYER_NORM_LAUNCH(layer_norm)
#undef LAYER_NORM_LAUNCH
}

/// The same on the CPU (simt's host reference).
inline void launch_layer_norm_on_host(std::uint32_t rows, std::uint32_t cols, float epsilon, const std::vector<float>& in,
                                      const std::vector<float>& gamma, const std::vector<float>& beta,
                                      std::vector<float>& out) {
  const LayerNormPlan plan = layer_norm_plan(rows, cols);
  const simt::LaunchShape shape = plan.config;
  simt::host::launch(simt::host::LaunchSpec{{shape.grid.x, shape.grid.y, 1}, {shape.block.x, shape.block.y, 1}, 0},
                     plan.host_kernel, rows, cols, epsilon, simt::host::slice(in), simt::host::slice(gamma),
                     simt::host::slice(beta), simt::host::disjoint(out));
}

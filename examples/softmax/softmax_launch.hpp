// Host side of the softmax example: which kernel normalises rows of a given length, and the
// launch (on the GPU, or on the CPU through simt's host reference).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <simt/host.hpp>

#include "softmax.hpp"
#include "softmax.simt.hpp"

// The kernels of softmax.cpp, compiled for the CPU as well (one signature for all).
#define SOFTMAX_DECLARE(name) \
  void name(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out);
SOFTMAX_DECLARE(softmax)
SOFTMAX_DECLARE(softmax_1k)
SOFTMAX_DECLARE(softmax_4k)
SOFTMAX_DECLARE(softmax_8k)
SOFTMAX_DECLARE(softmax_16k)
SOFTMAX_DECLARE(softmax_32k)
#undef SOFTMAX_DECLARE

/// The kernel for a row length and its launch shape.
struct SoftmaxPlan {
  const char* name;  ///< the entry's name, e.g. "softmax_4k"
  void (*host_kernel)(uint32_t, uint32_t, simt::Slice<const float>, simt::DisjointSlice<float>);
  simt::LaunchConfig2D config;
};

/// Rows up to 32768 floats go to the smallest row-in-registers kernel that holds them (a block
/// per row: 128 threads of 8 elements up to 1024 columns, 256 of 16 up to 4096, 256 of 32 up to
/// 8192, then 512 and 1024 threads of 32); longer rows to `softmax`, with the row cached in dynamic shared memory
/// when it fits kMaxCachedCols.
inline SoftmaxPlan softmax_plan(std::uint32_t rows, std::uint32_t cols) {
  struct Variant {
    std::uint32_t max_cols, group;
    const char* name;
    void (*host_kernel)(uint32_t, uint32_t, simt::Slice<const float>, simt::DisjointSlice<float>);
  };
  static const Variant variants[] = {{1024, 128, "softmax_1k", softmax_1k},
                                     {4096, 256, "softmax_4k", softmax_4k},
                                     {8192, 256, "softmax_8k", softmax_8k},
                                     {16384, 512, "softmax_16k", softmax_16k},
                                     {32768, 1024, "softmax_32k", softmax_32k}};
  for (const Variant& v : variants)
    if (cols <= v.max_cols)
      return {v.name, v.host_kernel, {{rows, 1}, {v.group, 1}, 0}};
  const std::uint32_t shared = cols <= kMaxCachedCols ? cols * std::uint32_t(sizeof(float)) : 0;
  return {"softmax", softmax, {{rows, 1}, {kBlock, 1}, shared}};
}

/// Queues the softmax of `rows` rows of `cols` floats on `stream` with softmax_plan()'s kernel,
/// through its contract-checked launcher, or the unchecked one when `checked` is false.
inline void launch_softmax(const softmax_kernels::Kernels& k, const simt::Stream& stream, std::uint32_t rows,
                           std::uint32_t cols, simt::DeviceView<const float> in, simt::DeviceView<float> out,
                           bool checked = true) {
  const SoftmaxPlan plan = softmax_plan(rows, cols);
  const std::string_view name = plan.name;
#define SOFTMAX_LAUNCH(entry)                                                                 \
  if (name == #entry) {                                                                      \
    if (checked) k.entry(stream, k.prepare_##entry(plan.config), rows, cols, in, out);       \
    else k.entry##_unchecked(stream, plan.config, rows, cols, in, out);                       \
    return;                                                                                  \
  }
  SOFTMAX_LAUNCH(softmax_1k)
  SOFTMAX_LAUNCH(softmax_4k)
  SOFTMAX_LAUNCH(softmax_8k)
  SOFTMAX_LAUNCH(softmax_16k)
  SOFTMAX_LAUNCH(softmax_32k)
  SOFTMAX_LAUNCH(softmax)
#undef SOFTMAX_LAUNCH
}

/// The same on the CPU (simt's host reference).
inline void launch_softmax_on_host(std::uint32_t rows, std::uint32_t cols, const std::vector<float>& in,
                                   std::vector<float>& out) {
  const SoftmaxPlan plan = softmax_plan(rows, cols);
  const simt::LaunchShape shape = plan.config;
  simt::host::launch(simt::host::LaunchSpec{{shape.grid.x, shape.grid.y, 1}, {shape.block.x, shape.block.y, 1},
                                            shape.shared_bytes},
                     plan.host_kernel, rows, cols, simt::host::slice(in), simt::host::disjoint(out));
}

// The differential test's host side: the table each generated batch file defines (under
// !__SIMTC__) and the harness (difftest.cpp) reads. Every generated kernel has one signature.
#pragma once

#if defined(__SIMTC__)
#error "difftest.hpp is the host side of the differential test"
#endif

#include <cstddef>
#include <cstdint>

#include <simt/kernel.hpp>

namespace difftest {

inline constexpr int kOutputs = 6;

using KernelFn = void (*)(simt::Slice<const std::uint64_t>, simt::Slice<const float>, simt::Slice<const double>,
                          std::int32_t, simt::DisjointSlice<std::uint64_t>, simt::DisjointSlice<std::uint64_t>,
                          simt::DisjointSlice<std::uint64_t>, simt::DisjointSlice<std::uint64_t>,
                          simt::DisjointSlice<std::uint64_t>, simt::DisjointSlice<std::uint64_t>);

/// One generated kernel: its entry name, its index in the generator's sequence (what
/// `gen_kernels.py --kernel` takes), its host build, and the kinds of its outputs, space
/// separated (i8 ... u64, b, f32, f64, f16, bf16). A reduced kernel (the slice of kernel
/// `index` for one output) has that output in `only_output`; otherwise it is -1.
struct KernelEntry {
  const char* name;
  std::size_t index;
  KernelFn host;
  const char* kinds;
  int only_output;
};

/// One generated file.
struct Batch {
  const char* name;
  const KernelEntry* kernels;
  std::size_t count;
};

// batches.cpp (generated).
extern const std::uint64_t generator_seed;
extern const Batch* const all_batches[];
extern const std::size_t batch_count;

}  // namespace difftest

// The runtime's contract checks with device limits filled in by the test (no driver at all):
// one test per kind of error, each asserting the exact message.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "simt/runtime/contract.hpp"
#include "violation.hpp"

namespace {

using simt::ContractClause;
using simt::ContractError;
using simt::LaunchContract;
using simt::LaunchShape;
namespace contract = simt::contract;

// An H200-like device.
simt::DeviceLimits h200() {
  simt::DeviceLimits l;
  l.compute_capability = 90;
  l.sm_count = 132;
  l.warp_size = 32;
  l.max_threads_per_block = 1024;
  l.max_block_dim = {1024, 1024, 64};
  l.max_grid_dim = {2147483647, 65535, 65535};
  l.max_shared_per_block = 49152;
  l.max_shared_per_block_optin = 232448;
  l.max_shared_per_sm = 233472;
  l.max_registers_per_block = 65536;
  return l;
}

const contract::KernelLimits kKernel{1024, 0};

LaunchShape shape(simt::Dim3 grid, simt::Dim3 block, std::uint32_t shared = 0) { return {grid, block, shared}; }

// Runs `f`, expecting a ContractError of `clause`; returns its what().
using simt_test::violation;

TEST(ContractShape, AcceptsAShapeWithinEveryLimit) {
  LaunchContract c{.kernel = "k", .block = {256, 1, 1}};
  contract::check_shape(c, shape({4000, 1, 1}, {256, 1, 1}), h200(), kKernel);
  contract::check_shape(c, shape({0, 1, 1}, {256, 1, 1}), h200(), kKernel);  // an empty grid launches nothing
  LaunchContract bound{.kernel = "k", .max_threads = 512};
  contract::check_shape(bound, shape({1, 1, 1}, {16, 32, 1}), h200(), kKernel);
}

TEST(ContractShape, ExactBlockShape) {
  LaunchContract c{.kernel = "saxpy_n", .block = {256, 1, 1}};
  EXPECT_EQ(violation(ContractClause::block_shape,
                      [&] { contract::check_shape(c, shape({8, 1, 1}, {128, 1, 1}), h200(), kKernel); }),
            "saxpy_n: block (128, 1, 1) does not match the contract's simt::block(256, 1, 1)");
  // Same thread count, other shape: still wrong (the kernel's indexing assumes the shape).
  EXPECT_EQ(violation(ContractClause::block_shape,
                      [&] { contract::check_shape(c, shape({8, 1, 1}, {16, 16, 1}), h200(), kKernel); }),
            "saxpy_n: block (16, 16, 1) does not match the contract's simt::block(256, 1, 1)");
}

TEST(ContractShape, ThreadBound) {
  LaunchContract c{.kernel = "k", .max_threads = 512};
  EXPECT_EQ(violation(ContractClause::max_threads,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {32, 32, 1}), h200(), kKernel); }),
            "k: block (32, 32, 1) has 1024 threads, more than the contract's simt::max_threads(512)");
}

TEST(ContractShape, EmptyBlock) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::device_block,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {0, 1, 1}), h200(), kKernel); }),
            "k: block (0, 1, 1) has a zero extent");
}

TEST(ContractShape, DeviceThreadsPerBlock) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::device_block,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {64, 32, 1}), h200(), kKernel); }),
            "k: block (64, 32, 1) has 2048 threads; the device allows at most 1024 per block");
}

TEST(ContractShape, DeviceBlockExtent) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::device_block,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {1, 1, 128}), h200(), kKernel); }),
            "k: block z extent 128 exceeds the device's limit of 64");
}

TEST(ContractShape, CompiledKernelThreadLimit) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::device_block,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {1024, 1, 1}), h200(), {768, 0}); }),
            "k: block (1024, 1, 1) has 1024 threads; the compiled kernel allows at most 768 per block (its "
            "register use)");
}

TEST(ContractShape, GridExtent) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::device_grid,
                      [&] { contract::check_shape(c, shape({1, 70000, 1}, {32, 1, 1}), h200(), kKernel); }),
            "k: grid y extent 70000 exceeds the device's limit of 65535");
}

TEST(ContractShape, DynamicSharedNotDeclared) {
  LaunchContract c{.kernel = "k"};
  EXPECT_EQ(violation(ContractClause::dynamic_shared,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 1024), h200(), kKernel); }),
            "k: the launch asks for 1024 bytes of dynamic shared memory, but the kernel declares none "
            "(simt::dynamic_shared)");
}

TEST(ContractShape, DynamicSharedRange) {
  LaunchContract c{.kernel = "k", .has_dynamic_shared = true, .dynamic_shared_min = 2048, .dynamic_shared_max = 65536};
  contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 2048), h200(), kKernel);
  contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 65536), h200(), kKernel);
  EXPECT_EQ(violation(ContractClause::dynamic_shared,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 1024), h200(), kKernel); }),
            "k: 1024 bytes of dynamic shared memory is outside the contract's simt::dynamic_shared(2048, 65536)");
  EXPECT_EQ(violation(ContractClause::dynamic_shared,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 65537), h200(), kKernel); }),
            "k: 65537 bytes of dynamic shared memory is outside the contract's simt::dynamic_shared(2048, 65536)");
}

TEST(ContractShape, DeviceSharedMemory) {
  LaunchContract c{.kernel = "k", .has_dynamic_shared = true, .dynamic_shared_max = 1u << 20};
  contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 232448), h200(), kKernel);  // exactly the opt-in limit
  EXPECT_EQ(violation(ContractClause::device_shared,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {32, 1, 1}, 229376), h200(), {1024, 4096}); }),
            "k: 4096 bytes of static and 229376 bytes of dynamic shared memory exceed the device's limit of 232448 "
            "bytes per block");
}

TEST(ContractShape, ComputeCapability) {
  LaunchContract c{.kernel = "wgmma_tile", .min_arch = 90};
  simt::DeviceLimits a100 = h200();
  a100.compute_capability = 80;
  EXPECT_EQ(violation(ContractClause::min_arch,
                      [&] { contract::check_shape(c, shape({1, 1, 1}, {128, 1, 1}), a100, kKernel); }),
            "wgmma_tile: the kernel needs compute capability 9.0 (simt::min_arch(90)); the device has 8.0");
  contract::check_shape(c, shape({1, 1, 1}, {128, 1, 1}), h200(), kKernel);
}

TEST(ContractShape, ClusterShape) {
  LaunchContract c{.kernel = "paired", .cluster = {4, 2, 1}};
  contract::check_shape(c, shape({8, 6, 3}, {128, 1, 1}), h200(), kKernel);
  EXPECT_EQ(violation(ContractClause::cluster,
                      [&] { contract::check_shape(c, shape({6, 2, 1}, {128, 1, 1}), h200(), kKernel); }),
            "paired: grid (6, 2, 1) is not a whole number of the contract's simt::cluster(4, 2, 1): its x extent 6 "
            "is not a multiple of 4");
  EXPECT_EQ(violation(ContractClause::cluster,
                      [&] { contract::check_shape(c, shape({8, 3, 1}, {128, 1, 1}), h200(), kKernel); }),
            "paired: grid (8, 3, 1) is not a whole number of the contract's simt::cluster(4, 2, 1): its y extent 3 "
            "is not a multiple of 2");
  simt::DeviceLimits a100 = h200();
  a100.compute_capability = 80;
  EXPECT_EQ(violation(ContractClause::cluster,
                      [&] { contract::check_shape(c, shape({8, 2, 1}, {128, 1, 1}), a100, kKernel); }),
            "paired: the kernel runs in clusters of (4, 2, 1) blocks (simt::cluster), which need compute capability "
            "9.0; the device has 8.0");
}

TEST(ContractShape, Residency) {
  LaunchContract c{.kernel = "k", .has_dynamic_shared = true, .dynamic_shared_max = 200000};
  contract::check_residency(c, shape({1, 1, 1}, {1024, 1, 1}, 200000), 1, kKernel);
  EXPECT_EQ(violation(ContractClause::residency,
                      [&] { contract::check_residency(c, shape({1, 1, 1}, {1024, 1, 1}, 200000), 0, {1024, 512}); }),
            "k: not one block of 1024 threads with 512 bytes of static and 200000 bytes of dynamic shared memory "
            "fits on a multiprocessor");
}

// "x.size() >= n" with operands {x.size(), n}.
constexpr contract::Term kXSize[] = {{contract::Op::operand, 0}};
constexpr contract::Term kN[] = {{contract::Op::operand, 1}};
constexpr contract::Requirement kXAtLeastN[] = {{"x.size() >= n", kXSize, contract::Compare::ge, kN}};

TEST(ContractRequirements, HoldOrNameTheNumbers) {
  LaunchContract c{.kernel = "saxpy_n", .requirements = kXAtLeastN};
  const std::uint64_t ok[] = {16384, 16384};
  contract::check_requirements(c, ok);
  const std::uint64_t short_x[] = {8192, 16384};
  EXPECT_EQ(violation(ContractClause::requirement, [&] { contract::check_requirements(c, short_x); }),
            "saxpy_n: requirement 'x.size() >= n' violated: 8192 < 16384");
}

TEST(ContractRequirements, EveryComparison) {
  struct Case {
    contract::Compare compare;
    const char* text;
    std::uint64_t a, b;
    const char* message;  // nullptr: holds
  };
  const Case cases[] = {
      {contract::Compare::lt, "a < b", 3, 3, "k: requirement 'a < b' violated: 3 >= 3"},
      {contract::Compare::le, "a <= b", 4, 3, "k: requirement 'a <= b' violated: 4 > 3"},
      {contract::Compare::gt, "a > b", 3, 3, "k: requirement 'a > b' violated: 3 <= 3"},
      {contract::Compare::ge, "a >= b", 2, 3, "k: requirement 'a >= b' violated: 2 < 3"},
      {contract::Compare::eq, "a == b", 2, 3, "k: requirement 'a == b' violated: 2 != 3"},
      {contract::Compare::ne, "a != b", 3, 3, "k: requirement 'a != b' violated: 3 == 3"},
      {contract::Compare::lt, "a < b", 2, 3, nullptr},
      {contract::Compare::eq, "a == b", 3, 3, nullptr},
  };
  constexpr contract::Term a[] = {{contract::Op::operand, 0}};
  constexpr contract::Term b[] = {{contract::Op::operand, 1}};
  for (const Case& test : cases) {
    const contract::Requirement r[] = {{test.text, a, test.compare, b}};
    LaunchContract c{.kernel = "k", .requirements = r};
    const std::uint64_t values[] = {test.a, test.b};
    if (test.message == nullptr)
      contract::check_requirements(c, values);
    else
      EXPECT_EQ(violation(ContractClause::requirement, [&] { contract::check_requirements(c, values); }), test.message);
  }
}

TEST(ContractRequirements, ArithmeticIsChecked) {
  // "out.size() >= n * 4 + 8 - m"
  constexpr contract::Term lhs[] = {{contract::Op::operand, 0}};
  constexpr contract::Term rhs[] = {{contract::Op::operand, 1}, {contract::Op::literal, 4}, {contract::Op::mul, 0},
                                    {contract::Op::literal, 8}, {contract::Op::add, 0},     {contract::Op::operand, 2},
                                    {contract::Op::sub, 0}};
  const contract::Requirement r[] = {{"out.size() >= n * 4 + 8 - m", lhs, contract::Compare::ge, rhs}};
  LaunchContract c{.kernel = "pack", .requirements = r};
  const std::uint64_t fits[] = {47, 10, 1};  // 10 * 4 + 8 - 1 = 47
  contract::check_requirements(c, fits);
  const std::uint64_t short_out[] = {46, 10, 1};
  EXPECT_EQ(violation(ContractClause::requirement, [&] { contract::check_requirements(c, short_out); }),
            "pack: requirement 'out.size() >= n * 4 + 8 - m' violated: 46 < 47");
  const std::uint64_t huge[] = {0, std::uint64_t(1) << 62, 0};
  EXPECT_EQ(violation(ContractClause::requirement_overflow, [&] { contract::check_requirements(c, huge); }),
            "pack: requirement 'out.size() >= n * 4 + 8 - m' cannot be evaluated: 4611686018427387904 * 4 exceeds "
            "2^64 - 1");
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max() / 4;  // n * 4 + 8 wraps
  const std::uint64_t wraps[] = {0, max, 0};
  EXPECT_EQ(violation(ContractClause::requirement_overflow, [&] { contract::check_requirements(c, wraps); }),
            "pack: requirement 'out.size() >= n * 4 + 8 - m' cannot be evaluated: 18446744073709551612 + 8 "
            "exceeds 2^64 - 1");
  const std::uint64_t negative[] = {0, 0, 9};  // 0 * 4 + 8 - 9
  EXPECT_EQ(violation(ContractClause::requirement_overflow, [&] { contract::check_requirements(c, negative); }),
            "pack: requirement 'out.size() >= n * 4 + 8 - m' cannot be evaluated: 8 - 9 is below zero");
}

TEST(ContractRequirements, AMalformedProgramIsAnInternalError) {
  constexpr contract::Term bad[] = {{contract::Op::add, 0}};
  const contract::Requirement r[] = {{"x >= y", bad, contract::Compare::ge, kN}};
  LaunchContract c{.kernel = "k", .requirements = r};
  const std::uint64_t values[] = {1, 2};
  try {
    contract::check_requirements(c, values);
    ADD_FAILURE() << "accepted";
  } catch (const ContractError& e) {
    ADD_FAILURE() << "a malformed program is not a contract violation: " << e.what();
  } catch (const simt::Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "k: internal error: the requirement 'x >= y' is malformed in the generated header; regenerate it with "
              "simtc");
  }
}

TEST(ContractAliasing, ADisjointSliceOverlappingAnInput) {
  LaunchContract c{.kernel = "saxpy_n"};
  const contract::BufferArg buffers[] = {{"x", "Slice", 0x10000, 0x8000, false},
                                         {"y", "DisjointSlice", 0x14000, 0x8000, true}};
  EXPECT_EQ(violation(ContractClause::aliasing, [&] { contract::check_no_alias(c, buffers); }),
            "saxpy_n: DisjointSlice 'y' overlaps 'x': bytes [0x14000, 0x1c000) and [0x10000, 0x18000)");
}

TEST(ContractAliasing, TwoWrittenSlicesAndAnAtomicSlice) {
  LaunchContract c{.kernel = "k"};
  const contract::BufferArg same[] = {{"a", "DisjointSlice", 0x1000, 16, true}, {"b", "DisjointSlice", 0x1000, 16, true}};
  EXPECT_EQ(violation(ContractClause::aliasing, [&] { contract::check_no_alias(c, same); }),
            "k: DisjointSlice 'a' overlaps 'b': bytes [0x1000, 0x1010) and [0x1000, 0x1010)");
  const contract::BufferArg atomic[] = {{"in", "Slice", 0x2000, 64, false}, {"hist", "AtomicSlice", 0x203c, 8, true}};
  EXPECT_EQ(violation(ContractClause::aliasing, [&] { contract::check_no_alias(c, atomic); }),
            "k: AtomicSlice 'hist' overlaps 'in': bytes [0x203c, 0x2044) and [0x2000, 0x2040)");
}

TEST(ContractAliasing, WhatMayShareMemory) {
  LaunchContract c{.kernel = "k"};
  const contract::BufferArg ok[] = {
      {"x", "Slice", 0x1000, 0x100, false},      {"x2", "Slice", 0x1000, 0x100, false},  // inputs may alias
      {"y", "DisjointSlice", 0x1100, 0x100, true},                                       // adjacent, not overlapping
      {"e", "DisjointSlice", 0x1000, 0, true},                                           // empty: overlaps nothing
      {"z", "DisjointSlice", 0xffffffffffffff00, 0x100, true},                           // ends at 2^64
  };
  contract::check_no_alias(c, ok);
}

TEST(ContractClauses, Names) {
  EXPECT_STREQ(simt::to_string(ContractClause::requirement_overflow), "requirement_overflow");
  EXPECT_STREQ(simt::to_string(ContractClause::wrong_context), "wrong_context");
  EXPECT_STREQ(simt::to_string(ContractClause::cluster), "cluster");
  const ContractError e(ContractClause::aliasing, "k", "detail");
  EXPECT_EQ(e.kernel(), "k");
  EXPECT_EQ(e.code(), 0);
}

}  // namespace

// A contract reaches the PTX (.reqntid / .maxntid / .minnctapersm) and the generated header
// (the contract as data, prepare_<kernel>, the checked launcher; only _unchecked without one).
// RUN: %simtc build %s -o %t.ptx --header %t.hpp
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=HDR < %t.hpp
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8), simt::min_blocks_per_sm(2), simt::requires("out.size() == rows * out.row_width()")]]
void rows(uint32_t rows, simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  auto i = simt::thread::index_2d_runtime(out);
  if (auto o = out.get_mut(i)) *o = 1.0f;
}

[[kernel, simt::max_threads(128), simt::dynamic_shared(0, 65536), simt::min_arch(80)]]
void bounded(simt::Slice<const int> in, simt::DisjointSlice<int> out) {}

[[kernel]] void plain(simt::DisjointSlice<int> out) {}

// PTX-LABEL: .visible .entry rows(
// PTX:       .reqntid 32, 8, 1
// PTX-NEXT:  .minnctapersm 2
// PTX-LABEL: .visible .entry bounded(
// PTX-NOT:   .reqntid
// PTX:       .maxntid 128, 1, 1
// PTX-LABEL: .visible .entry plain(
// PTX-NOT:   ntid
// PTX:       ret;

// HDR:      #include <simt/runtime/contract.hpp>
// HDR:      namespace rows_contract {
// HDR-NEXT: inline constexpr simt::contract::Term r0_lhs[] = {{[{][{]}}simt::contract::Op::operand, 0u}};
// HDR-NEXT: inline constexpr simt::contract::Term r0_rhs[] = {{[{][{]}}simt::contract::Op::operand, 1u}, {simt::contract::Op::operand, 2u}, {simt::contract::Op::mul, 0u}};
// HDR-NEXT: inline constexpr simt::contract::Requirement requirements[] = {
// HDR-NEXT:     {"out.size() == rows * out.row_width()", r0_lhs, simt::contract::Compare::eq, r0_rhs},
// HDR-NEXT: };
// HDR-NEXT: inline constexpr simt::LaunchContract contract = {
// HDR-NEXT:     .kernel = "rows",
// HDR-NEXT:     .block = {32, 8, 1},
// HDR-NEXT:     .min_blocks_per_sm = 2,
// HDR-NEXT:     .requirements = requirements,
// HDR-NEXT: };
// HDR:      namespace bounded_contract {
// HDR-NEXT: inline constexpr simt::LaunchContract contract = {
// HDR-NEXT:     .kernel = "bounded",
// HDR-NEXT:     .max_threads = 128,
// HDR-NEXT:     .has_dynamic_shared = true,
// HDR-NEXT:     .dynamic_shared_min = 0,
// HDR-NEXT:     .dynamic_shared_max = 65536,
// HDR-NEXT:     .min_arch = 80,
// HDR-NEXT: };
// HDR-NOT:  namespace plain_contract
// HDR:      using rows_launch = simt::PreparedLaunch<struct rows_launch_tag, Kernels>;
// HDR:      rows_launch prepare_rows(const simt::LaunchConfig1D& config) const {
// HDR:      rows_launch prepare_rows(const simt::LaunchConfig2D& config) const {
// HDR:      rows_launch prepare_rows(const simt::LaunchConfig3D& config) const {
// HDR:      void rows(const simt::Stream& stream, const rows_launch& launch, std::uint32_t rows, simt::DeviceView<float> out, std::uint32_t out_row_width) const {
// HDR-NEXT:   const std::uint64_t values[] = {std::uint64_t(out.size()), std::uint64_t(rows), std::uint64_t(out_row_width)};
// HDR-NEXT:   const simt::contract::BufferArg buffers[] = {{[{][{]}}"out", "DisjointSlice", out.device_ptr(), out.bytes(), true}};
// HDR-NEXT:   simt::contract::check_launch(rows_, rows_contract::contract, launch.function(), stream, values, buffers);
// HDR:        void rows_unchecked(const simt::Stream& stream, const Config& config, std::uint32_t rows, simt::DeviceView<float> out, std::uint32_t out_row_width) const {
// HDR:      void bounded(const simt::Stream& stream, const bounded_launch& launch, simt::DeviceView<const std::int32_t> in, simt::DeviceView<std::int32_t> out) const {
// HDR-NEXT:   const std::span<const std::uint64_t> values;
// HDR:        simt::KernelAttributes plain_attributes() const { return plain_.attributes(); }
// HDR-NOT:    prepare_plain
// HDR:        void plain_unchecked(

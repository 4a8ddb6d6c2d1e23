// Launch contracts: the checks that need no driver. They take the device's limits as
// arguments, so tests run them against fake limits; contract_launch.cpp feeds them the real ones.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "simt/runtime/contract.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;

const char* to_string(ContractClause clause) noexcept {
  switch (clause) {
    case ContractClause::block_shape: return "block_shape";
    case ContractClause::max_threads: return "max_threads";
    case ContractClause::dynamic_shared: return "dynamic_shared";
    case ContractClause::min_arch: return "min_arch";
    case ContractClause::requirement: return "requirement";
    case ContractClause::requirement_overflow: return "requirement_overflow";
    case ContractClause::aliasing: return "aliasing";
    case ContractClause::device_block: return "device_block";
    case ContractClause::device_grid: return "device_grid";
    case ContractClause::device_shared: return "device_shared";
    case ContractClause::residency: return "residency";
    case ContractClause::wrong_kernel: return "wrong_kernel";
    case ContractClause::wrong_context: return "wrong_context";
    case ContractClause::cluster: return "cluster";
  }
  return "unknown";
}

ContractError::ContractError(ContractClause clause, const std::string& kernel, const std::string& detail)
    : Error(kernel, detail), clause_(clause) {}

namespace contract {
namespace {

std::string dims(const Dim3& d) { return cat("(", d.x, ", ", d.y, ", ", d.z, ")"); }

std::string arch(int cc) { return cat(cc / 10, ".", cc % 10); }

std::string hex(std::uint64_t value) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(value));
  return buffer;
}

[[noreturn]] void fail(ContractClause clause, const LaunchContract& contract, const std::string& detail) {
  throw ContractError(clause, contract.kernel, detail);
}

const char* spelled(Compare compare) {
  switch (compare) {
    case Compare::lt: return "<";
    case Compare::le: return "<=";
    case Compare::gt: return ">";
    case Compare::ge: return ">=";
    case Compare::eq: return "==";
    case Compare::ne: return "!=";
  }
  return "?";
}

// The relation that holds instead, for "violated: 8192 < 16384".
Compare negated(Compare compare) {
  switch (compare) {
    case Compare::lt: return Compare::ge;
    case Compare::le: return Compare::gt;
    case Compare::gt: return Compare::le;
    case Compare::ge: return Compare::lt;
    case Compare::eq: return Compare::ne;
    case Compare::ne: return Compare::eq;
  }
  return compare;
}

bool holds(std::uint64_t a, Compare compare, std::uint64_t b) {
  switch (compare) {
    case Compare::lt: return a < b;
    case Compare::le: return a <= b;
    case Compare::gt: return a > b;
    case Compare::ge: return a >= b;
    case Compare::eq: return a == b;
    case Compare::ne: return a != b;
  }
  return false;
}

// Evaluates one side in checked u64 arithmetic; the first overflow ends the launch.
std::uint64_t evaluate(const LaunchContract& contract, const Requirement& requirement, std::span<const Term> terms,
                       std::span<const std::uint64_t> values) {
  std::vector<std::uint64_t> stack;
  auto malformed = [&] {
    // Only a damaged generated header gets here; the compiler emits well-formed programs.
    throw Error(contract.kernel, cat("internal error: the requirement '", requirement.text,
                                     "' is malformed in the generated header; regenerate it with simtc"));
  };
  for (const Term& term : terms) {
    if (term.op == Op::operand) {
      if (term.value >= values.size()) malformed();
      stack.push_back(values[term.value]);
      continue;
    }
    if (term.op == Op::literal) {
      stack.push_back(term.value);
      continue;
    }
    if (stack.size() < 2) malformed();
    const std::uint64_t b = stack.back();
    stack.pop_back();
    const std::uint64_t a = stack.back();
    std::uint64_t result = 0;
    bool overflow = false;
    const char* symbol = "";
    switch (term.op) {
      case Op::add: overflow = __builtin_add_overflow(a, b, &result), symbol = " + "; break;
      case Op::sub: overflow = __builtin_sub_overflow(a, b, &result), symbol = " - "; break;
      case Op::mul: overflow = __builtin_mul_overflow(a, b, &result), symbol = " * "; break;
      case Op::rem:
        if (b == 0) malformed();
        result = a % b;
        break;
      default: malformed();
    }
    if (overflow)
      fail(ContractClause::requirement_overflow, contract,
           cat("requirement '", requirement.text, "' cannot be evaluated: ", a, symbol, b,
               term.op == Op::sub ? " is below zero" : " exceeds 2^64 - 1"));
    stack.back() = result;
  }
  if (stack.size() != 1) malformed();
  return stack.back();
}

}  // namespace

void check_shape(const LaunchContract& contract, const LaunchShape& shape, const DeviceLimits& device,
                 const KernelLimits& kernel) {
  if (contract.min_arch != 0 && device.compute_capability < contract.min_arch)
    fail(ContractClause::min_arch, contract,
         cat("the kernel needs compute capability ", arch(contract.min_arch), " (simt::min_arch(", contract.min_arch,
             ")); the device has ", arch(device.compute_capability)));
  const Dim3& block = shape.block;
  if (block.x == 0 || block.y == 0 || block.z == 0)
    fail(ContractClause::device_block, contract, cat("block ", dims(block), " has a zero extent"));
  if (contract.block.x != 0 && !(block == contract.block))
    fail(ContractClause::block_shape, contract,
         cat("block ", dims(block), " does not match the contract's simt::block", dims(contract.block)));
  const std::uint64_t threads = std::uint64_t(block.x) * block.y * block.z;
  if (contract.max_threads != 0 && threads > contract.max_threads)
    fail(ContractClause::max_threads, contract,
         cat("block ", dims(block), " has ", threads, " threads, more than the contract's simt::max_threads(",
             contract.max_threads, ")"));
  if (threads > std::uint64_t(device.max_threads_per_block))
    fail(ContractClause::device_block, contract,
         cat("block ", dims(block), " has ", threads, " threads; the device allows at most ",
             device.max_threads_per_block, " per block"));
  const char* axis[] = {"x", "y", "z"};
  const std::uint32_t block_extent[] = {block.x, block.y, block.z};
  const std::uint32_t grid_extent[] = {shape.grid.x, shape.grid.y, shape.grid.z};
  for (int i = 0; i < 3; ++i)
    if (std::uint64_t(block_extent[i]) > std::uint64_t(device.max_block_dim[i]))
      fail(ContractClause::device_block, contract,
           cat("block ", axis[i], " extent ", block_extent[i], " exceeds the device's limit of ", device.max_block_dim[i]));
  if (threads > std::uint64_t(kernel.max_threads_per_block))
    fail(ContractClause::device_block, contract,
         cat("block ", dims(block), " has ", threads, " threads; the compiled kernel allows at most ",
             kernel.max_threads_per_block, " per block (its register use)"));
  for (int i = 0; i < 3; ++i)
    if (std::uint64_t(grid_extent[i]) > std::uint64_t(device.max_grid_dim[i]))
      fail(ContractClause::device_grid, contract,
           cat("grid ", axis[i], " extent ", grid_extent[i], " exceeds the device's limit of ", device.max_grid_dim[i]));
  if (contract.cluster.x != 0) {
    if (device.compute_capability < 90)
      fail(ContractClause::cluster, contract,
           cat("the kernel runs in clusters of ", dims(contract.cluster),
               " blocks (simt::cluster), which need compute capability 9.0; the device has ",
               arch(device.compute_capability)));
    const std::uint32_t cluster_extent[] = {contract.cluster.x, contract.cluster.y, contract.cluster.z};
    for (int i = 0; i < 3; ++i)
      if (grid_extent[i] % cluster_extent[i] != 0)
        fail(ContractClause::cluster, contract,
             cat("grid ", dims(shape.grid), " is not a whole number of the contract's simt::cluster",
                 dims(contract.cluster), ": its ", axis[i], " extent ", grid_extent[i], " is not a multiple of ",
                 cluster_extent[i]));
  }
  const std::uint32_t dynamic = shape.shared_bytes;
  if (!contract.has_dynamic_shared && dynamic != 0)
    fail(ContractClause::dynamic_shared, contract,
         cat("the launch asks for ", dynamic,
             " bytes of dynamic shared memory, but the kernel declares none (simt::dynamic_shared)"));
  if (contract.has_dynamic_shared && (dynamic < contract.dynamic_shared_min || dynamic > contract.dynamic_shared_max))
    fail(ContractClause::dynamic_shared, contract,
         cat(dynamic, " bytes of dynamic shared memory is outside the contract's simt::dynamic_shared(",
             contract.dynamic_shared_min, ", ", contract.dynamic_shared_max, ")"));
  if (kernel.static_shared_bytes + dynamic > device.max_shared_per_block_optin)
    fail(ContractClause::device_shared, contract,
         cat(kernel.static_shared_bytes, " bytes of static and ", dynamic,
             " bytes of dynamic shared memory exceed the device's limit of ", device.max_shared_per_block_optin,
             " bytes per block"));
}

void check_residency(const LaunchContract& contract, const LaunchShape& shape, int blocks_per_sm,
                     const KernelLimits& kernel) {
  if (blocks_per_sm > 0) return;
  const std::uint64_t threads = std::uint64_t(shape.block.x) * shape.block.y * shape.block.z;
  fail(ContractClause::residency, contract,
       cat("not one block of ", threads, " threads with ", kernel.static_shared_bytes, " bytes of static and ",
           shape.shared_bytes, " bytes of dynamic shared memory fits on a multiprocessor"));
}

void check_requirements(const LaunchContract& contract, std::span<const std::uint64_t> values) {
  for (const Requirement& requirement : contract.requirements) {
    const std::uint64_t lhs = evaluate(contract, requirement, requirement.lhs, values);
    const std::uint64_t rhs = evaluate(contract, requirement, requirement.rhs, values);
    if (!holds(lhs, requirement.compare, rhs))
      fail(ContractClause::requirement, contract,
           cat("requirement '", requirement.text, "' violated: ", lhs, " ", spelled(negated(requirement.compare)), " ",
               rhs));
  }
}

void check_no_alias(const LaunchContract& contract, std::span<const BufferArg> buffers) {
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const BufferArg& a = buffers[i];
    if (!a.written || a.bytes == 0) continue;
    for (std::size_t j = 0; j < buffers.size(); ++j) {
      const BufferArg& b = buffers[j];
      if (i == j || b.bytes == 0) continue;
      if (b.written && j < i) continue;  // that pair was checked from b's side
      // Half-open ranges [address, address + bytes); written so that no sum can wrap.
      const bool overlap = a.address < b.address ? b.address - a.address < a.bytes : a.address - b.address < b.bytes;
      if (!overlap) continue;
      fail(ContractClause::aliasing, contract,
           cat(a.kind, " '", a.name, "' overlaps '", b.name, "': bytes [", hex(a.address), ", ",
               hex(a.address + a.bytes), ") and [", hex(b.address), ", ", hex(b.address + b.bytes), ")"));
    }
  }
}

}  // namespace contract
}  // namespace simt

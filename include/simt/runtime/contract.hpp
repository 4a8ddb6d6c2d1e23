// simt runtime: launch contracts and checked launches.
//
// A kernel that declares a launch contract ([[simt::block(256)]], [[simt::max_threads(512)]],
// [[simt::dynamic_shared(0, 65536)]], [[simt::min_arch(80)]], [[simt::requires("x.size() >= n")]],
// ...) gets two checked methods in its generated header:
//   prepare_<kernel>(LaunchConfig1D/2D/3D)  checks the shape against the contract and against what
//                                           the device and the compiled kernel allow, and returns a
//                                           prepared launch that only that kernel accepts;
//   <kernel>(stream, prepared, args...)     checks the `requires` relations and that no
//                                           DisjointSlice argument overlaps another buffer, then
//                                           launches.
// The generated code describes the contract with the plain data below and calls these functions.
// The checks that need no driver (check_shape, check_requirements, check_no_alias, ...) take
// their device limits as arguments, so they can be exercised without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "simt/runtime/context.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/launch.hpp"
#include "simt/runtime/module.hpp"
#include "simt/runtime/stream.hpp"

namespace simt {

/// Which part of a launch contract (or of the device's limits) a launch broke.
enum class ContractClause : std::uint8_t {
  block_shape,           ///< the exact block shape of [[simt::block(x, y, z)]]
  max_threads,           ///< the thread bound of [[simt::max_threads(n)]]
  dynamic_shared,        ///< the range of [[simt::dynamic_shared(min, max)]]
  min_arch,              ///< the compute capability of [[simt::min_arch(cc)]]
  requirement,           ///< a relation of [[simt::requires(...)]] is false
  requirement_overflow,  ///< evaluating a relation of [[simt::requires(...)]] overflowed 64 bits
  aliasing,              ///< a DisjointSlice argument overlaps another buffer argument
  device_block,          ///< the block is empty or larger than the device or the compiled kernel allows
  device_grid,           ///< the grid is larger than the device allows
  device_shared,         ///< more shared memory per block than the device allows
  residency,             ///< not one block of this shape fits on a multiprocessor
  wrong_kernel,          ///< a prepared launch used with another loaded copy of the kernel
  wrong_context,         ///< the stream belongs to another context than the kernel's module
  cluster,               ///< the grid or the stream's cluster shape against [[simt::cluster(x, y, z)]]
};

/// The name of a clause as error messages and docs spell it ("block_shape", ...).
const char* to_string(ContractClause clause) noexcept;

/// A launch rejected on the host because it breaks the kernel's launch contract or the device's
/// limits. what() is "<kernel>: <what is wrong, with the numbers>", e.g.
/// "saxpy_n: requirement 'x.size() >= n' violated: 8192 < 16384".
class ContractError : public Error {
public:
  ContractError(ContractClause clause, const std::string& kernel, const std::string& detail);
  /// The clause (or device limit) the launch broke.
  ContractClause clause() const noexcept { return clause_; }
  /// The kernel's C++ name (the same as action()).
  const std::string& kernel() const noexcept { return action(); }

private:
  ContractClause clause_;
};

namespace contract {

/// One step of a `requires` expression in postfix order.
enum class Op : std::uint8_t {
  operand,  ///< push values[value] (a slice size or an unsigned scalar argument)
  literal,  ///< push value
  add,      ///< pop b, pop a, push a + b (overflow is an error)
  sub,      ///< pop b, pop a, push a - b (a result below zero is an error)
  mul,      ///< pop b, pop a, push a * b (overflow is an error)
  rem,      ///< pop b, pop a, push a % b (b, a literal, is above zero)
};

struct Term {
  Op op;
  std::uint64_t value;
};

enum class Compare : std::uint8_t { lt, le, gt, ge, eq, ne };

/// One relation of [[simt::requires(...)]]: `lhs compare rhs`, both sides in checked u64.
struct Requirement {
  const char* text;  ///< as written in the kernel file, e.g. "x.size() >= n"
  std::span<const Term> lhs;
  Compare compare;
  std::span<const Term> rhs;
};

}  // namespace contract

/// A kernel's launch contract, as the generated header describes it.
struct LaunchContract {
  const char* kernel = "";                 ///< the kernel's C++ name, for messages
  Dim3 block{0, 0, 0};                     ///< exact block shape; block.x == 0: none declared
  std::uint32_t max_threads = 0;           ///< most threads per block; 0: none declared
  std::uint32_t min_blocks_per_sm = 0;     ///< the residency the kernel was compiled for; 0: none
  bool has_dynamic_shared = false;         ///< false: the kernel takes no dynamic shared memory
  std::uint32_t dynamic_shared_min = 0;    ///< bytes of dynamic shared memory per block, at least
  std::uint32_t dynamic_shared_max = 0;    ///< and at most
  int min_arch = 0;                        ///< lowest compute capability (major * 10 + minor); 0: any
  Dim3 cluster{0, 0, 0};                   ///< blocks per cluster (.reqnctapercluster); cluster.x == 0: none
  std::span<const contract::Requirement> requirements{};
};

namespace contract {

/// What the compiled kernel allows, as the driver reports it (cuFuncGetAttribute).
struct KernelLimits {
  int max_threads_per_block = 0;        ///< may be below the device's limit (register use)
  std::size_t static_shared_bytes = 0;  ///< shared memory the kernel declares statically
};

/// Checks `shape` against the contract, the device and the compiled kernel: block shape or bound,
/// empty or oversized blocks, per-dimension block and grid limits, dynamic shared memory (the
/// contract's range, and static + dynamic against the device's opt-in limit), compute capability.
/// Throws ContractError naming the first broken clause and its numbers.
void check_shape(const LaunchContract& contract, const LaunchShape& shape, const DeviceLimits& device,
                 const KernelLimits& kernel);

/// Throws ContractError (residency) when `blocks_per_sm`, the occupancy of `shape`, is 0.
void check_residency(const LaunchContract& contract, const LaunchShape& shape, int blocks_per_sm,
                     const KernelLimits& kernel);

/// Evaluates every relation with `values` as the operands (in the order the contract numbers
/// them). Throws ContractError (requirement / requirement_overflow) with both sides' values.
void check_requirements(const LaunchContract& contract, std::span<const std::uint64_t> values);

/// A buffer argument of a launch, for the aliasing check.
struct BufferArg {
  const char* name;       ///< the kernel parameter's name
  const char* kind;       ///< "Slice", "DisjointSlice" or "AtomicSlice", for messages
  std::uint64_t address;  ///< device address of its first byte
  std::uint64_t bytes;    ///< its length in bytes
  bool written;           ///< the kernel writes it (DisjointSlice, AtomicSlice)
};

/// Throws ContractError (aliasing) when a written argument (a DisjointSlice or an AtomicSlice)
/// shares a byte with any other buffer argument; the message names both parameters and their
/// byte ranges. Read-only arguments may overlap each other; empty ones overlap nothing.
void check_no_alias(const LaunchContract& contract, std::span<const BufferArg> buffers);

/// The device-dependent half of prepare: queries the limits of `kernel`'s device and of the
/// compiled kernel, runs check_shape, raises the kernel's dynamic shared memory limit when the
/// shape asks for more than the default 48 KiB, and checks residency.
void prepare(const Kernel& kernel, const LaunchContract& contract, const LaunchShape& shape);

/// The launch-time checks, before the generated launcher packs the arguments: the prepared
/// launch belongs to this very kernel (`prepared_for`), the stream to its context, the
/// requirements hold and no written buffer overlaps another.
void check_launch(const Kernel& kernel, const LaunchContract& contract, const CUfunc_st* prepared_for,
                  const Stream& stream, std::span<const std::uint64_t> values, std::span<const BufferArg> buffers);

}  // namespace contract

/// A launch shape that prepare_<kernel>() checked. `Tag` is distinct per kernel, so a prepared
/// launch of one kernel does not convert to another's; only `Owner` (the generated class of
/// the kernel file) can create one.
template <class Tag, class Owner>
class PreparedLaunch {
public:
  /// The checked shape.
  const LaunchShape& shape() const noexcept { return shape_; }

private:
  friend Owner;
  PreparedLaunch(const LaunchShape& shape, const CUfunc_st* function) : shape_(shape), function_(function) {}
  const CUfunc_st* function() const noexcept { return function_; }
  LaunchShape shape_;
  const CUfunc_st* function_;
};

}  // namespace simt

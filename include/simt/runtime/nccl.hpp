// simt runtime: collectives across the process's GPUs through NCCL. libnccl.so.2 (or the path
// in $SIMT_NCCL_LIBRARY) is loaded with dlopen at first use, like the driver; nothing links it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "simt/half.hpp"
#include "simt/runtime/context.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/stream.hpp"
#include "simt/runtime/view.hpp"

struct ncclComm;  // NCCL's communicator (ncclComm_t is ncclComm*)

namespace simt {

/// A failed NCCL call. code() is the ncclResult_t and result_name() its name ("ncclInvalidUsage");
/// what() reads "<action>: <name> (<code>): <ncclGetErrorString's text>[; fix: ...]".
class NcclError : public Error {
public:
  using Error::Error;
};

namespace nccl {

/// How a reduction combines the ranks' values (ncclRedOp_t).
enum class ReduceOp : std::uint8_t { sum, prod, max, min, avg };

/// NCCL's element types (ncclDataType_t), with the values nccl.h gives them.
enum class DataType : int {
  int8 = 0, uint8 = 1, int32 = 2, uint32 = 3, int64 = 4, uint64 = 5, float16 = 6, float32 = 7, float64 = 8, bfloat16 = 9,
};

/// The DataType of T; only types NCCL reduces have one.
template <class T>
constexpr DataType data_type_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, std::int8_t> || (std::is_same_v<U, char> && std::is_signed_v<char>)) return DataType::int8;
  else if constexpr (std::is_same_v<U, std::uint8_t>) return DataType::uint8;
  else if constexpr (std::is_same_v<U, std::int32_t>) return DataType::int32;
  else if constexpr (std::is_same_v<U, std::uint32_t>) return DataType::uint32;
  else if constexpr (std::is_same_v<U, std::int64_t> || (std::is_same_v<U, long long> && sizeof(long long) == 8)) return DataType::int64;
  else if constexpr (std::is_same_v<U, std::uint64_t> || (std::is_same_v<U, unsigned long long> && sizeof(long long) == 8)) return DataType::uint64;
  else if constexpr (std::is_same_v<U, simt::half>) return DataType::float16;
  else if constexpr (std::is_same_v<U, float>) return DataType::float32;
  else if constexpr (std::is_same_v<U, double>) return DataType::float64;
  else if constexpr (std::is_same_v<U, simt::bfloat16>) return DataType::bfloat16;
  else static_assert(sizeof(T) == 0, "NCCL has no element type for T");
}

/// The version of the loaded NCCL, e.g. 22703 for 2.27.3 (ncclGetVersion). Loads it.
int version();

/// One rank of a communicator over some of the process's GPUs. Copies share the one
/// communicator; it is destroyed (ncclCommDestroy) with the last copy. Keeps its Context alive.
/// A collective is queued on a Stream of the rank's context, in stream order, and does not
/// wait for the device. Issue the collective of every rank that this thread drives inside
/// group(): NCCL waits for all ranks before any of them runs.
class Communicator {
public:
  /// One communicator per context, rank i on contexts[i] (ncclCommInitAll); the contexts must be
  /// of distinct devices. Throws UsageError for none or a repeated device, NcclError when NCCL fails.
  static std::vector<Communicator> init_all(std::span<const Context> contexts);
  /// One rank per device of the process (Context::all()).
  static std::vector<Communicator> init_all();

  /// This rank, 0 to size() - 1 (ncclCommUserRank).
  int rank() const noexcept { return rank_; }
  /// The number of ranks (ncclCommCount).
  int size() const noexcept { return size_; }
  /// The context (device) of this rank.
  const Context& context() const noexcept { return context_; }
  /// NCCL's communicator.
  ncclComm* native_handle() const noexcept { return handle_.get(); }

  /// Every rank's `recv` becomes the reduction of all ranks' `send` (ncclAllReduce); equal sizes,
  /// `send` and `recv` may be the same memory.
  template <class T>
  void all_reduce(DeviceView<const T> send, DeviceView<T> recv, ReduceOp op, const Stream& stream) const {
    check_sizes("all_reduce", send.size(), recv.size(), 1, 1);
    collective(Kind::all_reduce, send.device_ptr(), recv.device_ptr(), recv.size(), data_type_of<T>(), op, 0, stream);
  }
  /// In place: `data` becomes the reduction of every rank's `data`.
  template <class T>
  void all_reduce(DeviceView<T> data, ReduceOp op, const Stream& stream) const {
    all_reduce(DeviceView<const T>(data), data, op, stream);
  }
  /// Every rank's `recv` becomes the ranks' `send`, one after the other in rank order
  /// (ncclAllGather); recv.size() == send.size() * size().
  template <class T>
  void all_gather(DeviceView<const T> send, DeviceView<T> recv, const Stream& stream) const {
    check_sizes("all_gather", send.size(), recv.size(), size_, 1);
    collective(Kind::all_gather, send.device_ptr(), recv.device_ptr(), send.size(), data_type_of<T>(), ReduceOp::sum, 0,
               stream);
  }
  /// Rank r's `recv` becomes part r of the reduction of all ranks' `send` (ncclReduceScatter);
  /// send.size() == recv.size() * size().
  template <class T>
  void reduce_scatter(DeviceView<const T> send, DeviceView<T> recv, ReduceOp op, const Stream& stream) const {
    check_sizes("reduce_scatter", send.size(), recv.size(), 1, size_);
    collective(Kind::reduce_scatter, send.device_ptr(), recv.device_ptr(), recv.size(), data_type_of<T>(), op, 0, stream);
  }
  /// Every rank's `recv` becomes rank `root`'s `send` (ncclBroadcast; `send` matters on the
  /// root only); equal sizes.
  template <class T>
  void broadcast(DeviceView<const T> send, DeviceView<T> recv, int root, const Stream& stream) const {
    check_sizes("broadcast", send.size(), recv.size(), 1, 1);
    collective(Kind::broadcast, send.device_ptr(), recv.device_ptr(), recv.size(), data_type_of<T>(), ReduceOp::sum, root,
               stream);
  }

private:
  enum class Kind : std::uint8_t { all_reduce, all_gather, reduce_scatter, broadcast };
  Communicator(Context context, std::shared_ptr<ncclComm> handle, int rank, int size);
  /// UsageError unless send * send_factor == recv * recv_factor.
  void check_sizes(const char* what, std::size_t send, std::size_t recv, int send_factor, int recv_factor) const;
  void collective(Kind kind, std::uint64_t send, std::uint64_t recv, std::size_t count, DataType type, ReduceOp op,
                  int root, const Stream& stream) const;
  Context context_;
  std::shared_ptr<ncclComm> handle_;
  int rank_ = 0, size_ = 1;
};

/// Runs `work` between ncclGroupStart and ncclGroupEnd, so that one thread can issue the
/// collective of every rank it drives. ncclGroupEnd runs even when `work` throws.
void group(const std::function<void()>& work);

namespace detail {
/// Testing only: forget the loaded NCCL so the next use loads it from `path` (or from
/// $SIMT_NCCL_LIBRARY / libnccl.so.2 when empty). All communicators must be gone.
void reset_nccl_for_testing(std::string_view path = {});
}  // namespace detail

}  // namespace nccl
}  // namespace simt

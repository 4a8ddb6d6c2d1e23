// simt runtime: CUDA streams, the queues kernels and asynchronous copies run on.
#pragma once

#include <memory>

#include "simt/runtime/context.hpp"

struct CUstream_st;  // the driver's CUstream

namespace simt {

/// A non-blocking stream (CU_STREAM_NON_BLOCKING) of a context. Copies share the one stream;
/// it is destroyed with the last copy. Keeps its Context alive.
class Stream {
public:
  /// Creates a stream on `context`.
  explicit Stream(const Context& context);

  /// Waits until all work queued on this stream has finished; reports kernel faults.
  void synchronize() const;
  /// The driver's CUstream, for interoperation with other CUDA code.
  CUstream_st* native_handle() const noexcept;
  /// The context the stream belongs to.
  const Context& context() const noexcept;

private:
  Context context_;
  std::shared_ptr<CUstream_st> handle_;
};

}  // namespace simt

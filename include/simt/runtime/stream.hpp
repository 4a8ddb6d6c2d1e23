// simt runtime: CUDA streams, the queues kernels and asynchronous copies run on.
#pragma once

#include <functional>
#include <memory>

#include "simt/runtime/context.hpp"
#include "simt/runtime/launch.hpp"

struct CUstream_st;  // the driver's CUstream

namespace simt {

class Event;

/// A non-blocking stream (CU_STREAM_NON_BLOCKING) of a context, or a stream adopted from other
/// CUDA code. Copies share the one stream; an owned stream is destroyed with the last copy.
/// Keeps its Context alive. Kernels queued on a stream run in order; nothing here waits for
/// the device unless its name says so (synchronize).
class Stream {
public:
  /// Creates a stream on `context` with the default priority.
  explicit Stream(const Context& context);
  /// Creates a stream on `context` with `priority`, which must lie in
  /// context.stream_priorities() (lower numbers run first); throws UsageError naming the range.
  Stream(const Context& context, int priority);

  /// Wraps `stream`, created by other CUDA code (a cudaStream_t is a CUstream) in `context`,
  /// without owning it: the stream must outlive this handle and its copies. A null stream is
  /// the legacy default stream.
  static Stream adopt(const Context& context, CUstream_st* stream);
  /// The same, for a non-null stream of a device's primary context (what the CUDA runtime
  /// uses): the context is asked from the driver (cuStreamGetCtx).
  static Stream adopt(CUstream_st* stream);

  /// Waits until all work queued on this stream has finished; reports kernel faults.
  void synchronize() const;
  /// True when all work queued so far has finished (cuStreamQuery); reports kernel faults.
  bool is_idle() const;
  /// Work queued after this call waits until `event` completes (cuStreamWaitEvent), without
  /// blocking the host; `event` may belong to another stream, or another device.
  void wait(const Event& event) const;
  /// Queues `function` to run on a driver thread once the work queued before it is done
  /// (cuLaunchHostFunc); later work waits for it. It must not call CUDA, nor hold the last
  /// copy of a simt handle (its release would call CUDA there), and must not throw (an
  /// escaping exception terminates the program).
  void host_callback(std::function<void()> function) const;
  /// The stream's priority (cuStreamGetPriority).
  int priority() const;

  /// A copy of this stream whose kernel launches use `attributes` (cooperative launch, thread
  /// block clusters, launch priority); the generated typed launchers accept it like any stream.
  Stream with_launch_attributes(const LaunchAttributes& attributes) const;
  /// The launch attributes kernels launched on this handle get (none by default).
  const LaunchAttributes& launch_attributes() const noexcept { return attributes_; }

  /// True when the stream was adopted rather than created here.
  bool is_adopted() const noexcept { return adopted_; }
  /// The driver's CUstream, for interoperation with other CUDA code.
  CUstream_st* native_handle() const noexcept;
  /// The context the stream belongs to.
  const Context& context() const noexcept;

private:
  Stream(Context context, std::shared_ptr<CUstream_st> handle, bool adopted);
  Context context_;
  std::shared_ptr<CUstream_st> handle_;
  LaunchAttributes attributes_{};
  bool adopted_ = false;
};

}  // namespace simt

// Streams and events. Each handle's shared_ptr deleter holds a Context copy: destroying a
// stream or event needs its context current, and the context must outlive it.
#include <exception>
#include <string>

#include "context_state.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/event.hpp"
#include "simt/runtime/stream.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;
using detail::check;
using detail::CurrentContext;

namespace {

std::shared_ptr<CUstream_st> own_stream(const Context& context, CUstream stream) {
  return detail::owned_by_context(context, stream, &detail::Driver::cuStreamDestroy, "destroying a stream (cuStreamDestroy)");
}

std::shared_ptr<CUstream_st> create_stream(const Context& context) {
  CurrentContext current(context.native_handle());
  CUstream stream = nullptr;
  // Non-blocking: our streams must not serialise with the legacy default stream that other
  // code in the process (e.g. cudart users) may be using.
  check(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
        [&] { return "creating a stream on device " + std::to_string(context.device()) + " (cuStreamCreate)"; });
  return own_stream(context, stream);
}

std::shared_ptr<CUstream_st> create_stream(const Context& context, int priority) {
  const Context::StreamPriorities range = context.stream_priorities();
  if (priority > range.least || priority < range.greatest)
    throw UsageError("Stream", cat("priority ", priority, " is outside the range of device ", context.device(), ": ",
                                   range.greatest, " (greatest) to ", range.least, " (least)"));
  CurrentContext current(context.native_handle());
  CUstream stream = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuStreamCreateWithPriority)(&stream, CU_STREAM_NON_BLOCKING, priority), [&] {
    return cat("creating a stream of priority ", priority, " on device ", context.device(), " (cuStreamCreateWithPriority)");
  });
  return own_stream(context, stream);
}

std::shared_ptr<CUevent_st> create_event(const Context& context, Event::Kind kind) {
  CurrentContext current(context.native_handle());
  CUevent event = nullptr;
  const unsigned flags = kind == Event::Kind::ordering ? CU_EVENT_DISABLE_TIMING : CU_EVENT_DEFAULT;
  check(detail::driver().cuEventCreate(&event, flags),
        [&] { return "creating an event on device " + std::to_string(context.device()) + " (cuEventCreate)"; });
  return detail::owned_by_context(context, event, &detail::Driver::cuEventDestroy, "destroying an event (cuEventDestroy)");
}

// cuLaunchHostFunc's callback: runs and frees the std::function queued with it.
void run_host_callback(void* data) noexcept {
  std::unique_ptr<std::function<void()>> function(static_cast<std::function<void()>*>(data));
  (*function)();  // an exception escaping here terminates: this function is noexcept
}

}  // namespace

Stream::Stream(const Context& context) : context_(context), handle_(create_stream(context)) {}
Stream::Stream(const Context& context, int priority) : context_(context), handle_(create_stream(context, priority)) {}
Stream::Stream(Context context, std::shared_ptr<CUstream_st> handle, bool adopted)
    : context_(std::move(context)), handle_(std::move(handle)), adopted_(adopted) {}

Stream Stream::adopt(const Context& context, CUstream_st* stream) {
  // Not owned: the empty deleter leaves the stream to the code that created it.
  return Stream(context, std::shared_ptr<CUstream_st>(stream, [](CUstream_st*) {}), true);
}

Stream Stream::adopt(CUstream_st* stream) {
  if (stream == nullptr)
    throw UsageError("Stream::adopt", "the default stream (null) belongs to whichever context is current; adopt it with "
                                      "Stream::adopt(Context::current(), nullptr)");
  const detail::Driver& d = detail::driver();
  CUcontext owner = nullptr;
  check(SIMT_CUDA_OPTIONAL(d, cuStreamGetCtx)(stream, &owner), "asking for the context of a stream (cuStreamGetCtx)");
  CUcontext previous = nullptr;
  check(d.cuCtxGetCurrent(&previous), "asking for the current CUDA context (cuCtxGetCurrent)");
  check(d.cuCtxPushCurrent(owner), "making the stream's context current (cuCtxPushCurrent)");
  std::optional<Context> context;
  std::exception_ptr failure;
  try {
    context = Context::current();
  } catch (...) {
    failure = std::current_exception();
  }
  CUcontext popped = nullptr;
  check(d.cuCtxPopCurrent(&popped), "restoring the previous CUDA context (cuCtxPopCurrent)");
  if (failure) std::rethrow_exception(failure);
  return adopt(*context, stream);
}

void Stream::synchronize() const {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuStreamSynchronize(handle_.get()), "synchronizing a stream (cuStreamSynchronize)");
}

bool Stream::is_idle() const {
  CurrentContext current(context_.native_handle());
  const CUresult result = SIMT_CUDA_OPTIONAL(detail::driver(), cuStreamQuery)(handle_.get());
  if (result == CUDA_ERROR_NOT_READY) return false;
  check(result, "asking whether a stream is idle (cuStreamQuery)");
  return true;
}

void Stream::wait(const Event& event) const {
  CurrentContext current(context_.native_handle());
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuStreamWaitEvent)(handle_.get(), event.native_handle(), 0), [&] {
    return cat("making a stream of device ", context_.device(), " wait for an event of device ", event.context().device(),
               " (cuStreamWaitEvent)");
  });
}

void Stream::host_callback(std::function<void()> function) const {
  if (!function) throw UsageError("Stream::host_callback", "the function is empty");
  auto queued = std::make_unique<std::function<void()>>(std::move(function));
  CurrentContext current(context_.native_handle());
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuLaunchHostFunc)(handle_.get(), run_host_callback, queued.get()),
        "queueing a host function on a stream (cuLaunchHostFunc)");
  (void)queued.release();  // run_host_callback frees it
}

int Stream::priority() const {
  CurrentContext current(context_.native_handle());
  int priority = 0;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuStreamGetPriority)(handle_.get(), &priority),
        "asking for a stream's priority (cuStreamGetPriority)");
  return priority;
}

Stream Stream::with_launch_attributes(const LaunchAttributes& attributes) const {
  Stream copy = *this;
  copy.attributes_ = attributes;
  return copy;
}

CUstream_st* Stream::native_handle() const noexcept { return handle_.get(); }
const Context& Stream::context() const noexcept { return context_; }

Event::Event(const Context& context, Kind kind) : context_(context), handle_(create_event(context, kind)), kind_(kind) {}

void Event::record(const Stream& stream) {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuEventRecord(handle_.get(), stream.native_handle()), "recording an event (cuEventRecord)");
}

void Event::synchronize() const {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuEventSynchronize(handle_.get()), "waiting for an event (cuEventSynchronize)");
}

bool Event::is_complete() const {
  CurrentContext current(context_.native_handle());
  const CUresult result = SIMT_CUDA_OPTIONAL(detail::driver(), cuEventQuery)(handle_.get());
  if (result == CUDA_ERROR_NOT_READY) return false;
  check(result, "asking whether an event completed (cuEventQuery)");
  return true;
}

float Event::elapsed_ms(const Event& start, const Event& end) {
  if (start.kind_ == Kind::ordering || end.kind_ == Kind::ordering)
    throw UsageError("Event::elapsed_ms", "an event created as Event::Kind::ordering records no time");
  CurrentContext current(start.context_.native_handle());
  float ms = 0.0f;
  check(detail::driver().cuEventElapsedTime(&ms, start.handle_.get(), end.handle_.get()),
        "measuring the time between two events (cuEventElapsedTime)");
  return ms;
}

CUevent_st* Event::native_handle() const noexcept { return handle_.get(); }
const Context& Event::context() const noexcept { return context_; }

}  // namespace simt

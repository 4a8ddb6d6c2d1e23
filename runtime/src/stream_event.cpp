// Streams and events. Each handle's shared_ptr deleter holds a Context copy: destroying a
// stream or event needs its context current, and the context must outlive it.
#include <string>

#include "context_state.hpp"
#include "simt/runtime/event.hpp"
#include "simt/runtime/stream.hpp"

namespace simt {

using detail::check;
using detail::CurrentContext;

namespace {

std::shared_ptr<CUstream_st> create_stream(const Context& context) {
  CurrentContext current(context.native_handle());
  CUstream stream = nullptr;
  // Non-blocking: our streams must not serialise with the legacy default stream that other
  // code in the process (e.g. cudart users) may be using.
  check(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
        [&] { return "creating a stream on device " + std::to_string(context.device()) + " (cuStreamCreate)"; });
  return {stream, [context](CUstream_st* s) {
            CurrentContext guard(context.native_handle(), std::nothrow);
            if (const detail::Driver* d = detail::loaded_driver())
              detail::check_release(d->cuStreamDestroy(s), "destroying a stream (cuStreamDestroy)");
          }};
}

std::shared_ptr<CUevent_st> create_event(const Context& context) {
  CurrentContext current(context.native_handle());
  CUevent event = nullptr;
  check(detail::driver().cuEventCreate(&event, CU_EVENT_DEFAULT),
        [&] { return "creating an event on device " + std::to_string(context.device()) + " (cuEventCreate)"; });
  return {event, [context](CUevent_st* e) {
            CurrentContext guard(context.native_handle(), std::nothrow);
            if (const detail::Driver* d = detail::loaded_driver())
              detail::check_release(d->cuEventDestroy(e), "destroying an event (cuEventDestroy)");
          }};
}

}  // namespace

Stream::Stream(const Context& context) : context_(context), handle_(create_stream(context)) {}

void Stream::synchronize() const {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuStreamSynchronize(handle_.get()), "synchronizing a stream (cuStreamSynchronize)");
}

CUstream_st* Stream::native_handle() const noexcept { return handle_.get(); }
const Context& Stream::context() const noexcept { return context_; }

Event::Event(const Context& context) : context_(context), handle_(create_event(context)) {}

void Event::record(const Stream& stream) {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuEventRecord(handle_.get(), stream.native_handle()), "recording an event (cuEventRecord)");
}

void Event::synchronize() const {
  CurrentContext current(context_.native_handle());
  check(detail::driver().cuEventSynchronize(handle_.get()), "waiting for an event (cuEventSynchronize)");
}

float Event::elapsed_ms(const Event& start, const Event& end) {
  CurrentContext current(start.context_.native_handle());
  float ms = 0.0f;
  check(detail::driver().cuEventElapsedTime(&ms, start.handle_.get(), end.handle_.get()),
        "measuring the time between two events (cuEventElapsedTime)");
  return ms;
}

CUevent_st* Event::native_handle() const noexcept { return handle_.get(); }
const Context& Event::context() const noexcept { return context_; }

}  // namespace simt

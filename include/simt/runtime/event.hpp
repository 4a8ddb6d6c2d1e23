// simt runtime: CUDA events, for ordering and timing work on streams.
#pragma once

#include <memory>

#include "simt/runtime/context.hpp"
#include "simt/runtime/stream.hpp"

struct CUevent_st;  // the driver's CUevent

namespace simt {

/// An event of a context. Copies share the one event. Keeps its Context alive.
class Event {
public:
  /// What an event is for.
  enum class Kind {
    timing,    ///< records time stamps: elapsed_ms works (the default)
    ordering,  ///< only orders work (CU_EVENT_DISABLE_TIMING): cheaper for Stream::wait
  };

  /// Creates an event on `context`.
  explicit Event(const Context& context, Kind kind = Kind::timing);

  /// Captures the work queued on `stream` so far; the event completes when that work does.
  void record(const Stream& stream);
  /// Waits until the recorded work has finished.
  void synchronize() const;
  /// True when the recorded work has finished, or nothing was recorded (cuEventQuery).
  bool is_complete() const;
  /// Milliseconds between two recorded, completed events (cuEventElapsedTime).
  static float elapsed_ms(const Event& start, const Event& end);

  /// The driver's CUevent.
  CUevent_st* native_handle() const noexcept;
  /// The context the event belongs to.
  const Context& context() const noexcept;
  /// What the event was created for.
  Kind kind() const noexcept { return kind_; }

private:
  Context context_;
  std::shared_ptr<CUevent_st> handle_;
  Kind kind_ = Kind::timing;
};

}  // namespace simt

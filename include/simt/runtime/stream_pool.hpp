// simt runtime: a small pool of streams, handed out round robin, for spreading independent work.
#pragma once

#include <cstddef>
#include <vector>

#include "simt/runtime/context.hpp"
#include "simt/runtime/stream.hpp"

namespace simt {

/// `size()` streams of one context. next() hands them out in turn, so independent pieces of
/// work queued on successive streams may overlap. Not for concurrent use by several threads.
class StreamPool {
public:
  /// Creates `count` streams (at least 1) with the default priority.
  StreamPool(const Context& context, std::size_t count);
  /// Creates `count` streams (at least 1) of `priority` (see Stream(const Context&, int)).
  StreamPool(const Context& context, std::size_t count, int priority);

  /// The next stream in turn.
  const Stream& next() noexcept;
  /// Stream `index`; throws UsageError when index >= size().
  const Stream& operator[](std::size_t index) const;
  /// Number of streams.
  std::size_t size() const noexcept { return streams_.size(); }
  /// Waits for the work queued on every stream.
  void synchronize() const;

private:
  std::vector<Stream> streams_;
  std::size_t next_ = 0;
};

}  // namespace simt

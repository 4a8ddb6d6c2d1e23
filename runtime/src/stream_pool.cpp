// A round-robin pool of streams.
#include "simt/runtime/stream_pool.hpp"

#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt {

namespace {

void check_count(std::size_t count) {
  if (count == 0) throw UsageError("StreamPool", "a pool needs at least 1 stream, not 0");
}

}  // namespace

StreamPool::StreamPool(const Context& context, std::size_t count) {
  check_count(count);
  streams_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) streams_.emplace_back(context);
}

StreamPool::StreamPool(const Context& context, std::size_t count, int priority) {
  check_count(count);
  streams_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) streams_.emplace_back(context, priority);
}

const Stream& StreamPool::next() noexcept {
  const Stream& stream = streams_[next_];
  next_ = (next_ + 1) % streams_.size();
  return stream;
}

const Stream& StreamPool::operator[](std::size_t index) const {
  if (index >= streams_.size())
    throw UsageError("StreamPool", detail::cat("stream ", index, " is out of range: the pool has ", streams_.size()));
  return streams_[index];
}

void StreamPool::synchronize() const {
  for (const Stream& stream : streams_) stream.synchronize();
}

}  // namespace simt

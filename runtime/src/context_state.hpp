// Private to the runtime: what a Context shares among its copies, and the current-context guard.
#pragma once

#include <memory>
#include <mutex>
#include <new>
#include <optional>

#include "driver_api.hpp"
#include "simt/runtime/context.hpp"

namespace simt::detail {

/// Releases a retained primary context.
struct PrimaryContextRelease {
  CUdevice device = 0;
  void operator()(CUctx_st* context) const noexcept;
};

struct ContextState {
  int ordinal = 0;
  CUdevice device = 0;
  std::unique_ptr<CUctx_st, PrimaryContextRelease> context;
  std::mutex limits_mutex;
  std::optional<DeviceLimits> limits;  // guarded by limits_mutex
};

/// Lets runtime sources build Contexts and reach their state.
struct ContextAccess {
  static Context make(std::shared_ptr<ContextState> state) { return Context(std::move(state)); }
  static ContextState& state(const Context& context) { return *context.state_; }
};

/// Makes `context` current on the calling thread for the guard's lifetime. A thread with no
/// current context simply keeps ours afterwards (cheap next time); a thread that had another
/// context current gets it back (push/pop), so we never steal a context from other CUDA code.
class CurrentContext {
public:
  explicit CurrentContext(CUcontext context);                    // throws on driver failure
  CurrentContext(CUcontext context, std::nothrow_t) noexcept;    // for deleters: reports, goes on
  ~CurrentContext();
  CurrentContext(const CurrentContext&) = delete;
  CurrentContext& operator=(const CurrentContext&) = delete;

private:
  CUresult enter(CUcontext context, const char*& call) noexcept;  // `call`: the last one made
  const Driver* driver_ = nullptr;
  bool pushed_ = false;
};

/// Owns `handle`, an object of `context` that the driver entry point `destroy` releases: the
/// deleter makes the context current (it keeps the context alive) and reports a failed release
/// as `action` to the release error handler. An optional entry point that is missing (the
/// object could not have been created then) releases nothing.
template <class T, class Destroy>
std::shared_ptr<T> owned_by_context(const Context& context, T* handle, Destroy Driver::*destroy, const char* action) {
  return {handle, [context, destroy, action](T* h) {
            CurrentContext guard(context.native_handle(), std::nothrow);
            if (const Driver* d = loaded_driver(); d != nullptr && d->*destroy != nullptr)
              check_release((d->*destroy)(h), action);
          }};
}

}  // namespace simt::detail

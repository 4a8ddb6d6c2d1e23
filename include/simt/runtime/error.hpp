// simt runtime: the exception hierarchy every runtime call reports failures through.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace simt {

/// A failed runtime operation. Driver failures carry the CUresult; host-side checks carry 0.
/// what() reads "<action>: <RESULT_NAME> (<code>): <driver's text>[; fix: <hint>]".
class Error : public std::runtime_error {
public:
  /// A driver failure: `code` is the CUresult, `result_name` its enum name (e.g.
  /// "CUDA_ERROR_INVALID_PTX"), `action` what was being done; `message` is the full what().
  Error(int code, std::string result_name, std::string action, const std::string& message);
  /// A failure detected on the host (no CUresult): what() is "<action>: <detail>".
  Error(std::string action, const std::string& detail);

  /// The CUresult of the failed driver call, or 0 when no driver call failed.
  int code() const noexcept;
  /// The CUresult's enum name, e.g. "CUDA_ERROR_INVALID_PTX"; empty when code() == 0.
  std::string_view result_name() const noexcept;
  /// What was being done, e.g. "loading module 'saxpy' (cuModuleLoadDataEx)".
  const std::string& action() const noexcept;

private:
  struct Details;
  // Shared so that copying an exception cannot throw.
  std::shared_ptr<const Details> details_;
};

/// libcuda.so.1 (or $SIMT_CUDA_DRIVER) could not be loaded, or it is not a usable driver.
class DriverNotFound : public Error {
public:
  using Error::Error;
};

/// The driver loaded but reports no CUDA device.
class NoDevice : public Error {
public:
  using Error::Error;
};

/// A kernel launch was rejected; what() names the kernel and its grid/block/shared numbers.
class LaunchError : public Error {
public:
  using Error::Error;
};

/// A kernel stopped on a failed check: a bounds check (an index out of range), a failed
/// SIMT_ASSERT, or simt::trap(). simtc's kernels record the first such fault of a launch; the
/// runtime reads it back when a later driver call reports the failed launch. what() reads
/// "<file>:<line>:<column>: index 1000 out of range for 'in' (size 999) in block (3,0,0)
/// thread (17,0,0); <the failed driver call, as Error's what()>".
class DeviceFault : public Error {
public:
  struct Info {
    std::string kind;       // "bounds", "assert" or "trap"
    std::string file;       // empty when the site is unknown
    unsigned line = 0, column = 0;
    std::string object;     // the indexed view as written at the site ("in"), or empty
    std::uint64_t index = 0, size = 0;  // bounds: the index and the view's size
    std::string condition;  // assert: the condition's text
    unsigned block[3] = {0, 0, 0}, thread[3] = {0, 0, 0};
    std::string text;       // the report, without the driver failure
  };
  DeviceFault(int code, std::string result_name, std::string action, const std::string& message, Info info);
  const Info& fault() const noexcept { return *info_; }

private:
  std::shared_ptr<const Info> info_;
};

/// Bad arguments caught on the host before any driver call (size mismatch, out-of-range view...).
class UsageError : public Error {
public:
  using Error::Error;
};

/// Destructors never throw. When the driver call that releases a handle's object fails
/// (cuMemFree, cuMemFreeHost, cuModuleUnload, cuStreamDestroy, cuEventDestroy,
/// cuDevicePrimaryCtxRelease, or switching the current context around one of them), the handle
/// is gone all the same and the failure goes to this handler as an Error naming the call and
/// its result. The default handler writes "simt: ignored in a destructor: <what()>" to stderr.
using ReleaseErrorHandler = void (*)(const Error& error) noexcept;

/// Installs `handler` (null restores the default) and returns the previous one.
ReleaseErrorHandler set_release_error_handler(ReleaseErrorHandler handler) noexcept;

}  // namespace simt

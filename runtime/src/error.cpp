// Error messages. They are composed only on failure; the hints encode what a user most likely
// has to change, since the driver's own one-line descriptions rarely say.
#include <atomic>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "driver_api.hpp"
#include "fault.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/view.hpp"

namespace simt {

struct Error::Details {
  int code = 0;
  std::string result_name;
  std::string action;
};

Error::Error(int code, std::string result_name, std::string action, const std::string& message)
    : std::runtime_error(message),
      details_(std::make_shared<const Details>(Details{code, std::move(result_name), std::move(action)})) {}

Error::Error(std::string action, const std::string& detail)
    : std::runtime_error(action + ": " + detail), details_(std::make_shared<const Details>(Details{0, {}, std::move(action)})) {}

DeviceFault::DeviceFault(int code, std::string result_name, std::string action, const std::string& message, Info info)
    : Error(code, std::move(result_name), std::move(action), message),
      info_(std::make_shared<const Info>(std::move(info))) {}

int Error::code() const noexcept { return details_->code; }
std::string_view Error::result_name() const noexcept { return details_->result_name; }
const std::string& Error::action() const noexcept { return details_->action; }

namespace detail {
namespace {

std::string result_text(CUresult result) {
  const Driver* d = loaded_driver();
  const char* text = nullptr;
  if (d == nullptr || d->cuGetErrorString(result, &text) != CUDA_SUCCESS || text == nullptr)
    return "no description from the driver";
  std::string out = text;
  // The driver's sentences end in '.', which would read badly before "; fix: ...".
  while (!out.empty() && (out.back() == '.' || out.back() == ' ' || out.back() == '\n')) out.pop_back();
  return out;
}

std::string trimmed(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\0')) text.remove_suffix(1);
  return std::string(text);
}

std::string arch_hint(int cc) {
  if (cc <= 0) return "compile with the --arch of this GPU";
  return "compile with --arch=sm_" + std::to_string(cc) + " for this GPU (compute capability " +
         std::to_string(cc / 10) + "." + std::to_string(cc % 10) + ")";
}

// The results a kernel's trap (or assert) leaves behind: the fault record may say more.
bool is_kernel_fault(CUresult result) {
  switch (result) {
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
      return true;
    default:
      return false;
  }
}

std::string hint(CUresult result, const Failure& f) {
  if (is_kernel_fault(result) && result != CUDA_ERROR_ASSERT)  // an assert says what failed itself
    return "a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA context is now unusable: restart "
           "the process";
  switch (result) {
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
      return "the PTX is newer than this driver supports: update the NVIDIA driver, or compile with an older "
             "--ptx-version";
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
    case CUDA_ERROR_INVALID_IMAGE:
      return "the PTX does not suit this GPU (wrong --arch) or is malformed: " + arch_hint(f.compute_capability);
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
      return "the kernel needs more registers or shared memory than this block size allows: launch smaller blocks, "
             "or reduce the kernel's register and shared-memory use (see Kernel::attributes())";
    case CUDA_ERROR_INVALID_VALUE:
      if (f.site != Site::launch) return {};
      return "the block shape exceeds the kernel's .reqntid/.maxntid or the device limits, or the grid or shared "
             "memory exceeds the device limits" +
             std::string(f.detail);
    case CUDA_ERROR_NOT_FOUND:
      if (f.site != Site::entry_lookup) return {};
      return "the module has no .entry named '" + std::string(f.entry) +
             "': check the kernel's name (entry points have unmangled, extern \"C\" names)";
    case CUDA_ERROR_OUT_OF_MEMORY:
      return "free device memory or allocate less (Context::free_memory() reports what is left)";
    case CUDA_ERROR_LAUNCH_TIMEOUT:
      return "the kernel ran longer than the display watchdog allows: shorten it, or use a GPU without a display";
    default:
      return {};
  }
}

}  // namespace

std::string result_name(CUresult result) {
  const Driver* d = loaded_driver();
  const char* name = nullptr;
  if (d == nullptr || d->cuGetErrorName(result, &name) != CUDA_SUCCESS || name == nullptr)
    return "unrecognized CUresult";
  return name;
}

namespace {

std::string driver_message(CUresult result, const std::string& action, const std::string& name, const Failure& failure) {
  std::string message = action + ": " + name + " (" + std::to_string(static_cast<int>(result)) + "): " +
                        result_text(result);
  std::string fix = hint(result, failure);
  if (fix.empty()) fix = failure.fix;
  if (!fix.empty()) message += "; fix: " + fix;
  if (std::string log = trimmed(failure.jit_log); !log.empty()) message += "; JIT log: " + log;
  return message;
}

// Whether the default handler has written a release failure of a dead context.
std::atomic<bool> g_dead_context_reported{false};

void default_release_error_handler(const Error& error) noexcept {
  // After a kernel fault every release in the context fails with the same result: the first
  // says so, the others would repeat it.
  if (is_kernel_fault(static_cast<CUresult>(error.code()))) {
    if (g_dead_context_reported.exchange(true)) return;
    std::fprintf(stderr, "simt: ignored in a destructor: %s (later releases that fail the same way are not reported)\n",
                 error.what());
    return;
  }
  std::fprintf(stderr, "simt: ignored in a destructor: %s\n", error.what());
}

std::atomic<ReleaseErrorHandler> g_release_error_handler{&default_release_error_handler};

}  // namespace

void throw_driver_error(CUresult result, std::string action, const Failure& failure) {
  std::string name = result_name(result);
  const std::string message = driver_message(result, action, name, failure);
  const int code = static_cast<int>(result);
  if (is_kernel_fault(result))
    if (std::optional<DeviceFault::Info> fault = recorded_fault()) {
      const std::string report = fault->text + "; " + message;
      throw DeviceFault(code, std::move(name), std::move(action), report, std::move(*fault));
    }
  if (result == CUDA_ERROR_NO_DEVICE) throw NoDevice(code, std::move(name), std::move(action), message);
  if (failure.site == Site::launch) throw LaunchError(code, std::move(name), std::move(action), message);
  throw Error(code, std::move(name), std::move(action), message);
}

void report_release_failure(CUresult result, std::string action) noexcept {
  try {
    std::string name = result_name(result);
    const std::string message = driver_message(result, action, name, {});
    g_release_error_handler.load()(Error(static_cast<int>(result), std::move(name), std::move(action), message));
  } catch (...) {
    // Out of memory while composing the message: the failure goes unreported.
  }
}

void report_release_error(const Error& error) noexcept { g_release_error_handler.load()(error); }

void throw_subview_out_of_range(std::size_t offset, std::size_t count, std::size_t size) {
  throw UsageError("DeviceView::subview", "elements [" + std::to_string(offset) + ", " + std::to_string(offset) +
                                              " + " + std::to_string(count) + ") do not fit in a view of " +
                                              std::to_string(size) + " elements");
}

}  // namespace detail

ReleaseErrorHandler set_release_error_handler(ReleaseErrorHandler handler) noexcept {
  if (handler == nullptr) detail::g_dead_context_reported = false;  // the default, afresh
  return detail::g_release_error_handler.exchange(handler != nullptr ? handler : &detail::default_release_error_handler);
}

}  // namespace simt

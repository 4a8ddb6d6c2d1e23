// The annotation the generated header puts on each launcher that checks aliasing at run time
// (the checked GPU launcher and the CPU launchers): which kernel it launches and which of its
// parameters are buffers of which kind, so that `simtc check --host` finds launches and their
// outputs from the declarations, not from names. One string, written by the header generator
// and read by the host checker:
//
//   simt_launch:kernel=<C++ name of the kernel>;<param>=<Slice|DisjointSlice|AtomicSlice>;...
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simtc {

struct LaunchAnnotation {
  struct Buffer {
    std::string param;  // the launcher's parameter name (the kernel's)
    std::string kind;   // "Slice" (read), "DisjointSlice" or "AtomicSlice" (written)
  };
  std::string kernel;
  std::vector<Buffer> buffers;  // in parameter order
};

inline constexpr std::string_view kLaunchAnnotationPrefix = "simt_launch:";

/// The annotation's text (without quotes).
std::string format_launch_annotation(const LaunchAnnotation& annotation);

/// The annotation `text` describes, or nothing when `text` is not one (another annotation, or
/// a malformed one: no kernel, an unknown kind, a parameter that is not an identifier).
std::optional<LaunchAnnotation> parse_launch_annotation(std::string_view text);

/// Whether the kernel writes a buffer of `kind` ("DisjointSlice", "AtomicSlice").
bool is_written_kind(std::string_view kind);

}  // namespace simtc

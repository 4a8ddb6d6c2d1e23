#include "support/launch_annotation.hpp"

namespace simtc {
namespace {

bool is_identifier(std::string_view text) {
  if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

bool is_kind(std::string_view kind) { return kind == "Slice" || is_written_kind(kind); }

}  // namespace

bool is_written_kind(std::string_view kind) { return kind == "DisjointSlice" || kind == "AtomicSlice"; }

std::string format_launch_annotation(const LaunchAnnotation& annotation) {
  std::string out(kLaunchAnnotationPrefix);
  out += "kernel=" + annotation.kernel;
  for (const LaunchAnnotation::Buffer& buffer : annotation.buffers) out += ";" + buffer.param + "=" + buffer.kind;
  return out;
}

std::optional<LaunchAnnotation> parse_launch_annotation(std::string_view text) {
  if (!text.starts_with(kLaunchAnnotationPrefix)) return std::nullopt;
  text.remove_prefix(kLaunchAnnotationPrefix.size());
  // A kernel's C++ name may hold '=' and spaces (template arguments), never ';'.
  std::size_t end = text.find(';');
  std::string_view kernel = text.substr(0, end);
  if (!kernel.starts_with("kernel=") || kernel.size() == 7) return std::nullopt;
  LaunchAnnotation annotation;
  annotation.kernel = std::string(kernel.substr(7));
  while (end != std::string_view::npos) {
    text.remove_prefix(end + 1);
    end = text.find(';');
    std::string_view field = text.substr(0, end);
    std::size_t equals = field.find('=');
    if (equals == std::string_view::npos) return std::nullopt;
    std::string_view param = field.substr(0, equals), kind = field.substr(equals + 1);
    if (!is_identifier(param) || !is_kind(kind)) return std::nullopt;
    annotation.buffers.push_back({std::string(param), std::string(kind)});
  }
  return annotation;
}

}  // namespace simtc

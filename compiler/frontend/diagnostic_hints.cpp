#include "frontend/diagnostic_hints.hpp"

#include <array>
#include <string_view>
#include <utility>

#include <clang/Basic/DiagnosticLex.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/SmallString.h>

namespace simtc::frontend {
namespace {

// simt's math functions (simt/device/math.hpp): CUDA's float spellings drop their `f`.
constexpr std::array<std::string_view, 44> kMath = {
    "sqrt",  "fabs",  "floor", "ceil",  "round", "trunc", "rint",   "fmin",   "fmax",  "fmod",   "copysign",
    "rsqrt", "cbrt",  "exp",   "exp2",  "exp10", "expm1", "log",    "log2",   "log10", "log1p",  "sin",
    "cos",   "tan",   "asin",  "acos",  "atan",  "sinh",  "cosh",   "tanh",   "asinh", "acosh",  "atanh",
    "erf",   "erfc",  "lgamma", "tgamma", "atan2", "pow", "hypot",  "fma",    "abs",   "min",    "max"};

// CUDA's names and what kernel code writes instead.
constexpr std::pair<std::string_view, std::string_view> kCuda[] = {
    {"printf", "simt::printf(format, ...)"},
    {"__syncthreads", "simt::sync_threads()"},
    {"__syncwarp", "simt::warp::sync(mask)"},
    {"threadIdx", "simt::thread::index_x() (_y, _z), or simt::thread::index_1d() for the thread's own element"},
    {"blockIdx", "simt::block::index_x() (_y, _z)"},
    {"blockDim", "simt::block::dim_x() (_y, _z)"},
    {"gridDim", "simt::grid::dim_x() (_y, _z)"},
    {"atomicAdd", "a simt::AtomicSlice<T> parameter and out[i].fetch_add(v)"},
    {"__shfl_sync", "simt::warp::shuffle(mask, value, lane)"},
    {"__shfl_down_sync", "simt::warp::shuffle_down(mask, value, delta)"},
    {"__shfl_up_sync", "simt::warp::shuffle_up(mask, value, delta)"},
    {"__shfl_xor_sync", "simt::warp::shuffle_xor(mask, value, lane_mask)"},
    {"assert", "SIMT_ASSERT(condition)"},
};

std::string file_of(const clang::Diagnostic& info) {
  if (!info.hasSourceManager() || !info.getLocation().isValid()) return {};
  const clang::SourceManager& sm = info.getSourceManager();
  clang::PresumedLoc loc = sm.getPresumedLoc(sm.getSpellingLoc(info.getLocation()));
  return loc.isValid() ? loc.getFilename() : std::string();
}

bool ends_with(const std::string& text, std::string_view tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::string message(const clang::Diagnostic& info) {
  llvm::SmallString<128> text;
  info.FormatDiagnostic(text);
  return text.str().str();
}

// The first name the message quotes: 'printf' of "use of undeclared identifier 'printf'".
std::string quoted(const std::string& text) {
  const auto open = text.find('\'');
  const auto close = open == std::string::npos ? open : text.find('\'', open + 1);
  return close == std::string::npos ? std::string() : text.substr(open + 1, close - open - 1);
}

constexpr const char* kSharedWrite =
    "shared memory is written through `if (auto s = tile.get_mut(simt::thread::index_in_block())) *s = ...;` or, at "
    "an index the race rule proves, `tile.at_mut(k) = ...;`; tile[k] reads, with k a number";

}  // namespace

std::optional<std::string> cuda_name_hint(const std::string& name) {
  for (auto [cuda, simt] : kCuda)
    if (name == cuda) return "kernel code writes " + std::string(simt) + " for '" + name + "'";
  std::string base = name;
  if (base.rfind("__", 0) == 0) base = base.substr(2);  // __expf, __fdividef-style intrinsics
  for (std::string_view math : kMath) {
    if (base == math || (base.size() == math.size() + 1 && base.back() == 'f' && base.compare(0, math.size(), math) == 0))
      return "kernel code writes simt::" + std::string(math) + "(x) for '" + name +
             "' (<simt/kernel.hpp>: float, double, half and bfloat16 overloads)";
  }
  return std::nullopt;
}

std::optional<std::string> std_header_hint(const std::string& header) {
  static constexpr std::string_view kStd[] = {
      "vector", "string", "array", "map", "unordered_map", "set", "memory", "algorithm", "iostream", "cstdio",
      "cstdlib", "cmath", "cstring", "functional", "utility", "tuple", "optional", "span", "numeric", "atomic",
      "math.h", "stdio.h", "stdlib.h", "string.h", "cuda_runtime.h", "cuda.h", "cuda_fp16.h"};
  for (std::string_view h : kStd)
    if (header == h)
      return "kernel files are compiled without the C++ standard library or CUDA's headers: "
             "<simt/kernel.hpp> has the device API (math, printf, atomics, shared memory); "
             "<cstdint>, <cstddef>, <climits> and <cfloat> are there";
  return std::nullopt;
}

void DiagnosticHints::note(clang::SourceLocation loc, const clang::Diagnostic& from, const std::string& text) {
  clang::DiagnosticsEngine* diags = const_cast<clang::DiagnosticsEngine*>(from.getDiags());
  const unsigned id = diags->getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
  clang::DiagnosticStorage storage;
  clang::Diagnostic hint(diags, loc, id, storage, text);
  inner().HandleDiagnostic(clang::DiagnosticsEngine::Note, hint);
}

void DiagnosticHints::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
  forward(level, info);
  const unsigned id = info.getID();
  if (level != clang::DiagnosticsEngine::Note) const_assignment_.reset();
  switch (id) {
    case clang::diag::err_typecheck_assign_const:
      const_assignment_ = info.getLocation();
      return;
    case clang::diag::note_typecheck_assign_const: {
      if (!const_assignment_) return;
      const std::string file = file_of(info);
      if (ends_with(file, "simt/device/slice.hpp"))
        note(*const_assignment_, info, "a DisjointSlice is written one element per thread, through the element the thread's index owns: "
                   "`if (auto o = y.get_mut(i)) *o = ...;` (y[k] reads)");
      else if (ends_with(file, "simt/device/shared.hpp"))
        note(*const_assignment_, info, kSharedWrite);
      const_assignment_.reset();
      return;
    }
    case clang::diag::err_ovl_no_viable_member_function_in_call:
      if (message(info) == "no matching member function for call to 'get_mut'")
        note(info.getLocation(), info, "get_mut takes the thread's own index (simt::thread::index_1d(), index_in_block(), ...), "
                   "not a number: a number the thread computes could be another thread's element; "
                   "at_mut(k) writes where the rules can prove k is this thread's");
      return;
    case clang::diag::err_ovl_no_viable_subscript:
      if (message(info).rfind("no viable overloaded operator[] for type 'simt::Shared", 0) == 0)
        note(info.getLocation(), info, kSharedWrite);
      return;
    case clang::diag::err_pp_file_not_found:
      if (auto hint = std_header_hint(quoted(message(info)))) note(info.getLocation(), info, *hint);
      return;
    case clang::diag::err_undeclared_var_use:
    case clang::diag::err_undeclared_use_suggest:
    case clang::diag::err_undeclared_var_use_suggest:
      if (auto hint = cuda_name_hint(quoted(message(info)))) note(info.getLocation(), info, *hint);
      return;
    default:
      return;
  }
}

}  // namespace simtc::frontend

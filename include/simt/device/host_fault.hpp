// Host reference only: a failed bounds check reported as the runtime reports the GPU's,
//   saxpy.cpp:12:14: index 1000 out of range for 'x' (size 999) in block (3,0,0) thread (17,0,0)
// then abort(). The host compiler says where the subscript is (std::source_location); the
// expression's start and the view's name are read back from that line of the source, so the
// text matches the GPU's where the source can be read (else: the host compiler's location).
#pragma once

#if !defined(__SIMTC__)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <source_location>
#include <string>

namespace simt::detail {

struct HostSite {
  std::string file;
  unsigned line = 0, column = 0;
  std::string object;
};

inline bool host_site_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == ':' || c == '>' || c == '-';
}

/// The subscript expression around `where` (GCC points at its ']', Clang at the index): its
/// first column and the text of the object before '['.
inline HostSite host_site(const std::source_location& where) {
  HostSite site{where.file_name(), unsigned(where.line()), unsigned(where.column()), {}};
  std::ifstream in(where.file_name());
  std::string text;
  for (unsigned n = 0; n < site.line && std::getline(in, text); ++n) {
  }
  if (!in || site.column == 0 || site.column > text.size()) return site;
  std::size_t at = site.column - 1;
  int depth = 0;  // find the '[' that opens the subscript holding `at`
  std::size_t i = text[at] == ']' ? at : at + 1;
  while (i-- > 0) {
    if (text[i] == ']') ++depth;
    else if (text[i] == '[' && depth-- == 0) break;
  }
  if (i == std::size_t(-1) || text[i] != '[') return site;
  std::size_t begin = i;
  while (begin > 0 && host_site_name_char(text[begin - 1])) --begin;
  while (begin < i && (text[begin] == '>' || text[begin] == '-' || text[begin] == '.' || text[begin] == ':')) ++begin;
  if (begin == i) return site;
  site.object = text.substr(begin, i - begin);
  site.column = unsigned(begin + 1);
  return site;
}

inline std::string host_thread_coordinates() {
  const HostThreadState& t = host_thread;
  char out[96];
  std::snprintf(out, sizeof out, "in block (%u,%u,%u) thread (%u,%u,%u)", t.ctaid[0], t.ctaid[1], t.ctaid[2],
                t.tid[0], t.tid[1], t.tid[2]);
  return out;
}

[[noreturn]] inline void bounds_fail(size_t index, size_t size, const std::source_location& where) {
  const HostSite site = host_site(where);
  std::string object = site.object.empty() ? std::string() : " for '" + site.object + "'";
  std::fprintf(stderr, "%s:%u:%u: index %zu out of range%s (size %zu) %s\n", site.file.c_str(), site.line,
               site.column, index, object.c_str(), size, host_thread_coordinates().c_str());
  std::abort();
}

[[noreturn]] inline void bounds_fail(size_t index, size_t size) {
  std::fprintf(stderr, "simt: index %zu out of range (size %zu) %s\n", index, size, host_thread_coordinates().c_str());
  std::abort();
}

}  // namespace simt::detail
#endif

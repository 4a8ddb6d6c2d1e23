#include "driver/sanitizer_report.hpp"

#include <optional>
#include <regex>
#include <sstream>

namespace simtc::driver {
namespace {

// Unindented lines of the report that are not errors.
bool is_banner(const std::string& line) {
  for (const char* prefix : {"COMPUTE-SANITIZER", "ERROR SUMMARY", "RACECHECK SUMMARY", "LEAK SUMMARY",
                             "Target application returned", "This tool", "Note:"})
    if (line.rfind(prefix, 0) == 0) return true;
  return false;
}

// A device frame in a report line: "at saxpy+0x1b0 in /src/saxpy.cpp:12", "at saxpy+0x1b0"
// (no line info), "at k(int *, int)+0x70 ..." (a C++ signature), and the older
// "at 0x1b0 in /src/saxpy.cpp:12:saxpy" and "at 0x1b0 in saxpy".
struct Frame {
  std::string kernel, frame, location;
  std::string::size_type begin = 0, end = 0;  // the span of "at ..." in the line
};

std::optional<Frame> find_frame(const std::string& line) {
  static const std::regex frame(R"(\bat (\S+?(?:\([^)]*\))?)\+(0x[0-9a-fA-F]+)(?: in (\S+:\d+))?)");
  static const std::regex old_frame(R"(\bat (0x[0-9a-fA-F]+) in (\S+:\d+):(\S+?(?:\([^)]*\))?)(?=\s|$))");
  static const std::regex old_bare(R"(\bat (0x[0-9a-fA-F]+) in ([^\s:]+?(?:\([^)]*\))?)(?=\s|$))");
  if (line.find("Host Frame") != std::string::npos) return std::nullopt;
  std::smatch match;
  Frame found;
  if (std::regex_search(line, match, frame)) {
    found = {match[1], match[1].str() + "+" + match[2].str(), match[3]};
  } else if (std::regex_search(line, match, old_frame)) {
    found = {match[3], match[3].str() + "+" + match[1].str(), match[2]};
  } else if (std::regex_search(line, match, old_bare)) {
    found = {match[2], match[2].str() + "+" + match[1].str(), ""};
  } else {
    return std::nullopt;
  }
  found.kernel = found.kernel.substr(0, found.kernel.find('('));  // the name, without a signature
  found.begin = std::string::size_type(match.position(0));
  found.end = found.begin + std::string::size_type(match.length(0));
  return found;
}

void take_frame(const Frame& frame, SanitizerError& error) {
  error.kernel = frame.kernel;
  error.frame = frame.frame;
  error.location = frame.location;
}

std::string plural(int n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

SanitizerReport parse_sanitizer_report(const std::string& text) {
  static const std::regex error_summary(R"(^ERROR SUMMARY: (\d+) error)");
  static const std::regex race_summary(R"(^RACECHECK SUMMARY: .*\((\d+) errors?, (\d+) warnings?\))");
  static const std::regex thread(R"(by thread \([^)]*\) in block \([^)]*\))");
  SanitizerReport report;
  std::istringstream lines(text);
  std::string line;
  bool in_error = false;  // the last error still takes its frames
  std::smatch match;
  while (std::getline(lines, line)) {
    if (line.rfind("=========", 0) != 0) continue;
    std::string body = line.substr(9);
    if (!body.empty() && body[0] == ' ') body.erase(0, 1);
    if (body.empty()) {
      in_error = false;
      continue;
    }
    if (body[0] != ' ') {  // unindented: a new error, or a banner
      in_error = false;
      if (std::regex_search(body, match, error_summary)) {
        report.summary_errors = std::stoi(match[1]);
      } else if (std::regex_search(body, match, race_summary)) {
        report.summary_errors = std::stoi(match[1]);
        report.summary_warnings = std::stoi(match[2]);
      } else if (!is_banner(body)) {
        SanitizerError error;
        if (body.rfind("Error: ", 0) == 0) body.erase(0, 7);  // racecheck's "Error: Race reported ..."
        if (body.rfind("Warning: ", 0) == 0) continue;        // racecheck's warnings: counted in its summary
        error.message = body;
        if (std::optional<Frame> frame = find_frame(body)) {
          // racecheck names the first access's frame in the error line: the digest shows its
          // line in front, so the message stops before it.
          take_frame(*frame, error);
          error.message = body.substr(0, frame->begin);
          while (!error.message.empty() && error.message.back() == ' ') error.message.pop_back();
        }
        report.errors.push_back(error);
        in_error = true;
      }
      continue;
    }
    if (!in_error) continue;
    SanitizerError& error = report.errors.back();
    std::string text = body.substr(body.find_first_not_of(' '));
    std::optional<Frame> frame = find_frame(text);
    // racecheck's other access: "and Read access at ... [N hazards]" (memcheck's "and is 1 bytes
    // after the nearest allocation ..." is a detail, not a second access).
    if (text.rfind("and ", 0) == 0 && text.find(" access at ") != std::string::npos) {
      if (frame)
        text = text.substr(0, frame->begin) + "at " + (frame->location.empty() ? frame->frame : frame->location) +
               text.substr(frame->end);
      error.message += " " + text;
      continue;
    }
    if (error.frame.empty() && frame) take_frame(*frame, error);
    if (error.thread.empty() && std::regex_search(body, match, thread)) error.thread = match[0].str().substr(3);
  }
  return report;
}

std::string format_sanitizer_digest(const SanitizerReport& report, const std::string& tool) {
  std::string out;
  std::vector<std::string> without_lines;
  for (const SanitizerError& error : report.errors) {
    std::string where = !error.location.empty() ? error.location + ": " : !error.frame.empty() ? error.frame + ": " : "";
    std::string context;
    if (!error.kernel.empty()) context = "kernel '" + error.kernel + "'";
    if (!error.thread.empty()) context += (context.empty() ? "" : ", ") + error.thread;
    out += where + "error: " + error.message + (context.empty() ? "" : " (" + context + ")") + "\n";
    if (!error.frame.empty() && error.location.empty()) without_lines.push_back(error.frame);
  }
  if (!without_lines.empty())
    out += "simtc sanitize: warning: " + plural(int(without_lines.size()), "error") +
           " named a kernel frame without a source line (" + without_lines.front() +
           "): build the kernels with -lineinfo (simtc build -lineinfo, add_gpu_kernels(... LINEINFO))\n";
  int errors = report.summary_errors >= 0 ? report.summary_errors : int(report.errors.size());
  std::string counts = errors == 0 ? "no errors" : plural(errors, "error");
  if (report.summary_warnings > 0) counts += ", " + plural(report.summary_warnings, "warning");
  out += "simtc sanitize: " + counts + " (" + tool + ")\n";
  return out;
}

}  // namespace simtc::driver

#include "support/diagnostic_record.hpp"

namespace simtc {

void DiagnosticRecords::add(Severity severity, std::string message, RecordLocation where) {
  if (severity == Severity::Note && !records_.empty()) {
    records_.back().notes.push_back({std::move(message), std::move(where)});
    return;
  }
  DiagnosticRecord record;
  record.severity = severity;
  record.where = std::move(where);
  // The rule id is the suffix every rule's error ends with (checker, irgen and the analysis
  // rules append it the same way); only a known id counts, so a message that happens to end
  // in brackets keeps them.
  if (const auto open = message.rfind(" ["); open != std::string::npos && message.back() == ']') {
    std::string id = message.substr(open + 2, message.size() - open - 3);
    if (is_rule != nullptr && is_rule(id)) {
      record.rule = std::move(id);
      message.resize(open);
    }
  }
  record.message = std::move(message);
  records_.push_back(std::move(record));
}

bool DiagnosticRecords::has_errors() const {
  for (const DiagnosticRecord& record : records_)
    if (record.severity == Severity::Error) return true;
  return false;
}

}  // namespace simtc

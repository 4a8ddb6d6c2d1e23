#include "cli/check_format.hpp"

#include <cctype>

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>

#include "analysis/rules.hpp"
#include "checker/checker.hpp"
#include "host/host_check.hpp"

namespace simtc::cli {
namespace {

namespace json = llvm::json;

json::Value or_null(unsigned n) { return n == 0 ? json::Value(nullptr) : json::Value(n); }

void put_location(json::Object& object, const RecordLocation& where) {
  object["file"] = where.file.empty() ? json::Value(nullptr) : json::Value(where.file);
  object["line"] = or_null(where.line);
  object["column"] = or_null(where.column);
}

std::string pretty(json::Value value) { return llvm::formatv("{0:2}", value).str() + "\n"; }

// A path as a URI reference (RFC 3986): '/' stays, unreserved characters stay, every other
// byte is percent-encoded.
std::string uri_path(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// artifactLocation (§3.4): an absolute path as a file URI, a relative one against %SRCROOT%.
json::Object artifact(const std::string& file) {
  if (!file.empty() && file.front() == '/') return json::Object{{"uri", "file://" + uri_path(file)}};
  return json::Object{{"uri", uri_path(file)}, {"uriBaseId", "%SRCROOT%"}};
}

json::Object sarif_location(const RecordLocation& where, const std::string& message = "") {
  json::Object location;
  if (!message.empty()) location["message"] = json::Object{{"text", message}};
  if (where.file.empty()) return location;  // a note about no place in particular
  json::Object physical{{"artifactLocation", artifact(where.file)}};
  if (where.line != 0) {
    json::Object region{{"startLine", where.line}};
    if (where.column != 0) region["startColumn"] = where.column;
    physical["region"] = std::move(region);
  }
  location["physicalLocation"] = std::move(physical);
  return location;
}

struct RuleRow {
  const char* id;
  const char* title;
  const char* summary;
};

// Every rule, in the order they run (the host rules, which run on other files, last): their index in this list is a result's ruleIndex.
std::vector<RuleRow> all_rules() {
  std::vector<RuleRow> rows;
  for (const checker::RuleInfo& rule : checker::rule_table()) rows.push_back({rule.id, rule.title, rule.summary});
  for (const analysis::RuleInfo& rule : analysis::rule_table()) rows.push_back({rule.id, rule.title, rule.summary});
  for (const host::RuleInfo& rule : host::rule_table()) rows.push_back({rule.id, rule.title, rule.summary});
  return rows;
}

}  // namespace

std::string diagnostics_json(const DiagnosticRecords& records) {
  json::Array list;
  for (const DiagnosticRecord& record : records.records()) {
    json::Object object{{"rule", record.rule.empty() ? json::Value(nullptr) : json::Value(record.rule)},
                        {"severity", severity_name(record.severity)},
                        {"message", record.message}};
    put_location(object, record.where);
    json::Array notes;
    for (const DiagnosticNoteRecord& note : record.notes) {
      json::Object n{{"message", note.message}};
      put_location(n, note.where);
      notes.push_back(std::move(n));
    }
    object["notes"] = std::move(notes);
    list.push_back(std::move(object));
  }
  return pretty(std::move(list));
}

std::string diagnostics_sarif(const DiagnosticRecords& records, const std::string& version,
                              const std::string& current_dir) {
  const std::vector<RuleRow> rules = all_rules();
  json::Array rule_list;
  for (const RuleRow& rule : rules) {
    json::Object descriptor{{"id", rule.id},
                            {"shortDescription", json::Object{{"text", rule.title}}},
                            {"fullDescription", json::Object{{"text", rule.summary}}}};
    // The rule's page (docs/rules/<id>.md, built into simtc): what code scanning shows as the
    // rule's help.
    if (const char* doc = checker::rule_doc(rule.id))
      descriptor["help"] = json::Object{{"text", rule.summary}, {"markdown", doc}};
    rule_list.push_back(std::move(descriptor));
  }
  json::Array results;
  for (const DiagnosticRecord& record : records.records()) {
    // simtc's severities are spelt as SARIF's levels (SARIF 2.1.0 §3.27.10): error, warning, note.
    json::Object result{{"level", severity_name(record.severity)}, {"message", json::Object{{"text", record.message}}}};
    for (std::size_t i = 0; i < rules.size(); ++i)
      if (record.rule == rules[i].id) {
        result["ruleId"] = record.rule;
        result["ruleIndex"] = int64_t(i);
      }
    if (!record.where.file.empty()) result["locations"] = json::Array{sarif_location(record.where)};
    json::Array related;
    for (const DiagnosticNoteRecord& note : record.notes) {
      json::Object location = sarif_location(note.where, note.message);
      location["id"] = int64_t(related.size());
      related.push_back(std::move(location));
    }
    if (!related.empty()) result["relatedLocations"] = std::move(related);
    results.push_back(std::move(result));
  }
  std::string base = current_dir;
  if (base.empty() || base.back() != '/') base += '/';
  json::Object driver{{"name", "simtc"}, {"version", version}, {"rules", std::move(rule_list)}};
  json::Object run{{"tool", json::Object{{"driver", std::move(driver)}}},
                   {"originalUriBaseIds", json::Object{{"%SRCROOT%", json::Object{{"uri", "file://" + uri_path(base)}}}}},
                   {"results", std::move(results)}};
  json::Object log{{"version", "2.1.0"},
                   {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
                   {"runs", json::Array{std::move(run)}}};
  return pretty(std::move(log));
}

}  // namespace simtc::cli

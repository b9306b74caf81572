#include "reports/junit_report.hpp"

#include <fmt/format.h>

#include <vector>

#include "reports/html_report.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {
namespace {

// Text and attribute values: the markup escapes of the HTML report (valid
// XML: &amp; &lt; &gt; &quot; &#39;); characters XML 1.0 does not allow
// (control characters other than tab, newline, carriage return) become '?'.
// UTF-8 passes through (the declaration says UTF-8).
std::string xml(std::string s) {
  for (char& ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') ch = '?';
  }
  return html_escape(s);
}

struct Case {
  std::string name;     // the problem, or the check's id for a check over the whole battery
  std::string outcome;  // "" (pass), "failure", "error", "skipped"
  std::string type;     // the verdict as the audit names it
  std::string message;  // the reason, one sentence
};

Case make_case(std::string name, CheckVerdict v, const std::string& evidence) {
  switch (v) {
    case CheckVerdict::pass:
    case CheckVerdict::info: return {std::move(name), "", to_string(v), evidence};
    case CheckVerdict::fail: return {std::move(name), "failure", to_string(v), evidence};
    case CheckVerdict::pre_asymptotic:
    case CheckVerdict::unsettled: return {std::move(name), "error", to_string(v), evidence};
    case CheckVerdict::inconclusive: return {std::move(name), "skipped", to_string(v), evidence};
  }
  return {std::move(name), "error", "?", evidence};
}

std::vector<Case> cases_of(const CheckResult& c) {
  std::vector<Case> cases;
  for (const auto& p : c.per_problem) {
    Case k = make_case(p.problem, p.judgement.verdict, p.judgement.evidence);
    if (p.not_run && k.outcome.empty()) k.outcome = "failure";  // runs not started count against the plugin
    cases.push_back(std::move(k));
  }
  for (const auto& s : c.skipped) cases.push_back({s.problem, "skipped", "NOT RUN", s.reason});
  // A check over the whole battery (precision-work, determinism), or one
  // that judged no problem: one case carrying the check's own verdict.
  if (c.per_problem.empty()) {
    Case k = make_case(c.id, c.verdict, c.evidence);
    if (!c.not_run.empty()) k = {c.id, "failure", "NOT RUN", c.not_run};
    cases.push_back(std::move(k));
  }
  return cases;
}

// The counts JUnit puts on <testsuites> and on each <testsuite>.
struct Counts {
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  void add(const Counts& o) {
    tests += o.tests;
    failures += o.failures;
    errors += o.errors;
    skipped += o.skipped;
  }
  std::string attributes() const {
    return fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"", tests, failures, errors, skipped);
  }
};

Counts count(const std::vector<Case>& cases) {
  Counts n;
  for (const auto& k : cases) {
    ++n.tests;
    n.failures += k.outcome == "failure";
    n.errors += k.outcome == "error";
    n.skipped += k.outcome == "skipped";
  }
  return n;
}

}  // namespace

std::string audit_junit(const AuditResult& a) {
  std::vector<std::vector<Case>> suites;
  Counts total;
  for (const auto& c : a.checks) {
    suites.push_back(cases_of(c));
    total.add(count(suites.back()));
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"{}\" {} time=\"{:.3f}\">\n", xml("sweepcheck audit of " + a.scheme),
                     total.attributes(), a.wall_seconds);
  for (std::size_t i = 0; i < a.checks.size(); ++i) {
    const CheckResult& c = a.checks[i];
    const auto& cases = suites[i];
    out += fmt::format("  <testsuite name=\"{}\" {}>\n", xml(c.id), count(cases).attributes());
    out += fmt::format("    <properties>\n      <property name=\"title\" value=\"{}\"/>\n"
                       "      <property name=\"theorem\" value=\"{}\"/>\n      <property name=\"verdict\" value=\"{}\"/>\n"
                       "      <property name=\"evidence\" value=\"{}\"/>\n    </properties>\n",
                       xml(c.title), xml(c.theorem), xml(to_string(c.verdict)), xml(c.evidence));
    const std::string classname = xml("sweepcheck.audit." + c.id);
    for (const auto& k : cases) {
      out += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", classname, xml(k.name));
      if (k.outcome.empty()) {
        out += "/>\n";
        continue;
      }
      out += fmt::format(">\n      <{} type=\"{}\" message=\"{}\">{}</{}>\n    </testcase>\n", k.outcome, xml(k.type),
                         xml(k.message), xml(c.title + ": " + k.message), k.outcome);
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

void write_audit_junit(const AuditResult& audit, const std::filesystem::path& file) {
  write_file_atomically(file, audit_junit(audit));
}

}  // namespace sweepcheck

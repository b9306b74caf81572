#include "studies/cases/pbd_paper_claim_parts.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace sweepcheck::pbd_paper {

const RunRow* row_at(const ConvergenceStudy& s, const std::string& scheme, std::int64_t steps) {
  for (const auto& r : s.rows)
    if (r.scheme == scheme && r.steps == steps && !r.refined) return &r;
  return nullptr;
}

std::vector<const RunRow*> rows_of(const ConvergenceStudy& s, const std::string& scheme) {
  std::vector<const RunRow*> out;
  for (const auto& r : s.rows)
    if (r.scheme == scheme && !r.refined) out.push_back(&r);
  return out;
}

std::string scheme_family(const std::string& label) { return label.substr(0, label.find(':')); }

std::vector<std::string> labels_of(const ConvergenceStudy& s, const std::string& family) {
  std::vector<std::string> out;
  for (const auto& r : s.rows)
    if (!r.refined && scheme_family(r.scheme) == family && std::find(out.begin(), out.end(), r.scheme) == out.end())
      out.push_back(r.scheme);
  return out;
}

ClaimVerdict yes_no(bool b) { return b ? ClaimVerdict::supported : ClaimVerdict::not_supported; }

Footing footing(const ConvergenceStudy& s, const std::vector<PerturbedRuns>& perturbed, double start) {
  Footing f;
  f.start = start;
  if (start == 0) {
    f.runs.rows = s.rows;
    f.words = "judged on the runs from the given start";
  } else {
    f.words = fmt::format(
        "judged on the runs from the seeded start perturbed by {:g} of max(1, |x0|) (made feasible; "
        "studies/engine/perturbed_starts.hpp), the generic runs the stability claim also uses: from the exactly "
        "symmetric given start the explicit penalty's two mirror forces cancel and it never leaves the symmetry "
        "plane, a measure-zero behaviour that any perturbation ends (issue 34); the given start's runs stay in "
        "results.csv and in the figures (dashed)",
        start);
    const auto it = std::find_if(perturbed.begin(), perturbed.end(), [&](const auto& p) { return p.size == start; });
    if (it == perturbed.end()) f.missing = true;
    else f.runs.rows = it->rows;
  }
  std::int64_t finest = 0;
  for (const auto& r : f.runs.rows)
    if (r.scheme == "pbd" && r.status == RunStatus::ok && !r.refined && r.steps > finest) {
      finest = r.steps;
      f.scale = 2 * r.scale;
    }
  return f;
}

bool footing_missing(Claim& c, const Footing& f) {
  if (!f.missing) return false;
  c.verdict = ClaimVerdict::inconclusive;
  c.evidence = fmt::format("no runs from the start perturbed by {:g}, the start this comparison is judged on", f.start);
  c.numbers.emplace_back("compared", 0);
  return true;
}

ErrorValue value(const RunRow& r) { return {r.error_uniform, r.noise_floor}; }

void quote(Claim& c, const char* text, const char* source) {
  c.quote = text;
  c.quote_source = source;
}

bool is_penalty(const std::string& scheme) { return scheme_family(scheme) == "penalty"; }
bool paper_compares(const std::string& scheme) {
  const std::string family = scheme_family(scheme);
  return family == "pngs" || family == "pgs" || family == "penalty";
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string o;
  for (const auto& x : v) o += (o.empty() ? "" : sep) + x;
  return o;
}

}  // namespace sweepcheck::pbd_paper

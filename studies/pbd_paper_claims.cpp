#include "studies/pbd_paper_claims.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace sweepcheck {

void PbdPaperThresholds::validate() const {
  if (!(majority > 0.5 && majority <= 1))
    throw std::invalid_argument(fmt::format("PbdPaperThresholds: majority must lie in (0.5, 1] (got {})", majority));
  if (!(stall_local_order > 0))
    throw std::invalid_argument(
        fmt::format("PbdPaperThresholds: stall_local_order must be > 0 (got {})", stall_local_order));
}

namespace {

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

ClaimVerdict yes_no(bool b) { return b ? ClaimVerdict::supported : ClaimVerdict::not_supported; }

// Claim: PBD's error stays bounded for large h while penalty and PGS lose
// stability. Scale: D = 2 max_k |x_k| of the finest PBD run (two states
// inside the ball of radius max|x| around 0 are at most D apart, so an error
// above D means the scheme left that ball). "Bounded": every PBD run ok with
// error <= D. "Loses stability": some run diverged, hit its inner cap, or has
// an error above D.
Claim claim_stability(const ConvergenceStudy& s, const std::string& problem) {
  double size = 0;
  std::int64_t finest = 0;
  for (const auto* r : rows_of(s, "pbd"))
    if (r->steps > finest) {
      finest = r->steps;
      size = 2 * r->scale;
    }
  bool pbd_bounded = finest > 0;
  double pbd_worst = 0;
  for (const auto* r : rows_of(s, "pbd")) {
    pbd_bounded = pbd_bounded && r->status == RunStatus::ok && r->error_uniform <= size;
    pbd_worst = std::max(pbd_worst, r->error_uniform);
  }
  std::vector<std::string> unstable, stable;
  std::map<std::string, std::string> seen;  // scheme -> first failure ("" if none)
  for (const auto& r : s.rows) {
    if (r.refined || !(r.scheme == "pgs" || r.scheme.rfind("penalty", 0) == 0)) continue;
    std::string why;
    if (r.status == RunStatus::diverged) why = fmt::format("diverged at step {} for h = {:.3g}", r.fail_step, r.h);
    else if (r.status == RunStatus::inner_cap_hit) why = fmt::format("inner cap hit for h = {:.3g}", r.h);
    else if (!(r.error_uniform <= size)) why = fmt::format("error {:.3g} for h = {:.3g}", r.error_uniform, r.h);
    if (!seen.count(r.scheme) || (seen[r.scheme].empty() && !why.empty())) seen[r.scheme] = why;
  }
  for (const auto& [k, why] : seen) {
    if (why.empty()) stable.push_back(k);
    else unstable.push_back(k + " (" + why + ")");
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string o;
    for (const auto& x : v) o += (o.empty() ? "" : "; ") + x;
    return o.empty() ? std::string("none") : o;
  };
  Claim c;
  c.id = "pbd-paper." + problem + ".stability";
  c.statement = problem + ": PBD's error stays bounded for large h while penalty/PGS lose stability";
  c.criterion = "every PBD run ok with error <= D = 2 max|x| of the finest PBD run, and at least one PGS/penalty run "
                "diverged, hit its inner cap or exceeded D (the paper's steps)";
  c.verdict = yes_no(pbd_bounded && !unstable.empty());
  c.evidence = fmt::format("largest PBD error {:.3g}, bound D = {:.3g}; unstable: {}; bounded at every h: {}",
                           pbd_worst, size, join(unstable), join(stable));
  c.numbers = {{"pbd_largest_error", pbd_worst}, {"bound", size}, {"unstable_schemes", double(unstable.size())}};
  return c;
}

// Claim: PNGS and PGS are more accurate than PBD at the same step size.
Claim claim_accuracy_per_step(const ConvergenceStudy& s, const std::string& problem, const PbdPaperThresholds& th) {
  Claim c;
  c.id = "pbd-paper." + problem + ".accuracy-per-step";
  c.statement = problem + ": PNGS/PGS are more accurate than PBD at the same h";
  c.criterion = fmt::format("each of PNGS and PGS has a smaller error than PBD at >= {:g}% of the common step sizes",
                            100 * th.majority);
  bool all = true;
  for (const char* other : {"pngs", "pgs"}) {
    int better = 0, compared = 0;
    for (const auto* r : rows_of(s, other)) {
      const RunRow* p = row_at(s, "pbd", r->steps);
      if (p == nullptr || r->status != RunStatus::ok || p->status != RunStatus::ok) continue;
      ++compared;
      better += r->error_uniform < p->error_uniform;
    }
    const bool ok = compared > 0 && better >= th.majority * compared;
    all = all && ok;
    c.evidence += fmt::format("{}{} more accurate at {}/{} step sizes", c.evidence.empty() ? "" : "; ", other, better,
                              compared);
    c.numbers.emplace_back(std::string(other) + "_better", better);
    c.numbers.emplace_back(std::string(other) + "_compared", compared);
  }
  c.verdict = yes_no(all);
  return c;
}

// Claim: PBD has the smallest error per constraint evaluation. For each ok run
// of another scheme, PBD's error at the same total work is interpolated
// log-log along PBD's own (work, error) curve (runs outside PBD's work range
// are not compared).
Claim claim_precision_work(const ConvergenceStudy& s, const std::string& problem, const PbdPaperThresholds& th) {
  std::vector<std::pair<double, double>> pbd;
  for (const auto* r : rows_of(s, "pbd"))
    if (r->status == RunStatus::ok && r->error_uniform > 0)
      pbd.emplace_back(std::log(double(r->work.constraint_evaluations)), std::log(r->error_uniform));
  std::sort(pbd.begin(), pbd.end());
  auto pbd_at = [&](double lw) -> double {
    for (std::size_t i = 1; i < pbd.size(); ++i)
      if (pbd[i - 1].first <= lw && lw <= pbd[i].first) {
        const double s2 = (lw - pbd[i - 1].first) / std::max(1e-300, pbd[i].first - pbd[i - 1].first);
        return pbd[i - 1].second + s2 * (pbd[i].second - pbd[i - 1].second);
      }
    return std::nan("");
  };
  int wins = 0, compared = 0;
  std::vector<std::string> order;
  std::map<std::string, std::pair<int, int>> per;  // scheme -> (PBD at least as accurate, compared)
  for (const auto& r : s.rows) {
    if (r.refined || r.scheme == "pbd" || r.status != RunStatus::ok || !(r.error_uniform > 0)) continue;
    const double e = pbd_at(std::log(double(r.work.constraint_evaluations)));
    if (!std::isfinite(e)) continue;
    if (!per.count(r.scheme)) order.push_back(r.scheme);
    ++compared;
    ++per[r.scheme].second;
    if (e <= std::log(r.error_uniform)) {
      ++wins;
      ++per[r.scheme].first;
    }
  }
  std::string detail;
  for (const auto& k : order) detail += fmt::format("{}{} {}/{}", detail.empty() ? "" : ", ", k, per[k].first, per[k].second);
  Claim c;
  c.id = "pbd-paper." + problem + ".precision-work";
  c.statement = problem + ": PBD has the smallest error per constraint evaluation";
  c.criterion = fmt::format("at matched work (log-log interpolation along PBD's curve) PBD is at least as accurate at "
                            ">= {:g}% of the comparable runs; a run is comparable when its work lies within PBD's range",
                            100 * th.majority);
  c.verdict = yes_no(compared > 0 && wins >= th.majority * compared);
  c.evidence = fmt::format("PBD at least as accurate at {}/{} comparable runs (per scheme: {})", wins, compared,
                           detail.empty() ? "none" : detail);
  c.numbers = {{"wins", double(wins)}, {"compared", double(compared)}};
  return c;
}

// Claim: penalty convergence stalls at a level set by γ. Stalled: the local
// order between the two smallest ok steps is below th.stall_local_order.
// Level: the smallest error over h. Supported when every γ stalls and the
// level falls as γ grows.
Claim claim_penalty(const ConvergenceStudy& s, const std::string& problem, const PbdPaperThresholds& th) {
  Claim c;
  c.id = "pbd-paper." + problem + ".penalty-stalls";
  c.statement = problem + ": penalty convergence stalls at a level set by γ";
  c.criterion = fmt::format("local order < {:g} between the two smallest steps for every γ, and the smallest error "
                            "falls as γ grows (the paper's steps)",
                            th.stall_local_order);
  std::map<double, std::pair<double, double>> by_gamma;  // γ -> (last local order, smallest error)
  for (const auto& f : s.fits) {
    if (f.scheme.rfind("penalty", 0) != 0) continue;
    std::vector<const RunRow*> ok;
    for (const auto* r : rows_of(s, f.scheme))
      if (r->status == RunStatus::ok) ok.push_back(r);
    std::sort(ok.begin(), ok.end(), [](auto* a, auto* b) { return a->h > b->h; });
    if (ok.size() < 2) continue;
    const auto* a = ok[ok.size() - 2];
    const auto* b = ok.back();
    const double local = std::log(a->error_uniform / b->error_uniform) / std::log(a->h / b->h);
    double level = INFINITY;
    for (const auto* r : ok) level = std::min(level, r->error_uniform);
    const auto eq = f.scheme.find("gamma=");
    const double gamma = eq == std::string::npos ? 100.0 : std::stod(f.scheme.substr(eq + 6));
    by_gamma[gamma] = {local, level};
  }
  if (by_gamma.empty()) {
    c.verdict = ClaimVerdict::inconclusive;
    c.evidence = "penalty runs missing";
    return c;
  }
  bool stalled = true, monotone = true;
  double prev = INFINITY;
  for (const auto& [g, v] : by_gamma) {
    stalled = stalled && v.first < th.stall_local_order;
    monotone = monotone && v.second < prev;
    prev = v.second;
    c.evidence += fmt::format("{}γ = {:g}: local order {:.2f} at the smallest h, error level {:.3g}",
                              c.evidence.empty() ? "" : "; ", g, v.first, v.second);
    c.numbers.emplace_back(fmt::format("gamma={:g} local_order", g), v.first);
    c.numbers.emplace_back(fmt::format("gamma={:g} level", g), v.second);
  }
  c.verdict = yes_no(stalled && monotone);
  return c;
}

}  // namespace

std::vector<Claim> pbd_paper_claims(const ConvergenceStudy& s, const std::string& problem,
                                    const PbdPaperThresholds& th) {
  th.validate();
  std::vector<Claim> c;
  for (const auto& f : s.fits) {
    if (!std::isfinite(f.fit.expected_order)) continue;
    c.push_back(order_claim(f, "pbd-paper." + problem + ".order." + f.scheme,
                            // Seed 000 proves convergence without a rate (Theorem 3.8) and
                            // reports order 1 as observed; the order tested is the scheme's claim.
                            fmt::format("{}: {} converges with order {}{:g} (the scheme's claim; seed 000 observes order "
                                        "1, Theorem 3.8 proves convergence without a rate)",
                                        problem, f.scheme, f.fit.expected_is_sharp ? "" : ">= ",
                                        f.fit.expected_order)));
  }
  c.push_back(claim_stability(s, problem));
  c.push_back(claim_accuracy_per_step(s, problem, th));
  c.push_back(claim_precision_work(s, problem, th));
  c.push_back(claim_penalty(s, problem, th));
  return c;
}

}  // namespace sweepcheck

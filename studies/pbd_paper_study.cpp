#include "studies/pbd_paper_study.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "analytic/sliding_case.hpp"
#include "studies/parallel_runs.hpp"
#include "studies/richardson_cross_check.hpp"

namespace sweepcheck {

namespace {
constexpr double kPiOver16 = 0.19634954084936207;

// Seed 000, Section 4.3: each penalty γ's ladder halved on until its error
// stalls or the budget ends (studies/error_stall.hpp). The rungs join the
// rows, marked refined; the penalty's fit records how many and why its
// ladder ended (refined_rungs, refinement_stop), which the claims quote.
template <class Problem, class Reference>
void extend_penalty_ladders(ConvergenceStudy& st, const Problem& p, const std::string& parameters,
                            const Reference& ref, const std::vector<SchemeSpec>& schemes, const StudyOptions& opt,
                            const StallRule& rule, const StallLadderOptions& ladder) {
  std::vector<std::size_t> penalty;
  for (std::size_t i = 0; i < st.fits.size(); ++i)
    if (st.fits[i].scheme.rfind("penalty", 0) == 0) penalty.push_back(i);
  std::vector<std::vector<RunRow>> added(penalty.size());
  const double span = to_double(p.t_end() - p.t0());
  parallel_for(penalty.size(), opt.jobs, [&](std::size_t k) {
    SchemeFit& f = st.fits[penalty[k]];
    const auto spec = std::find_if(schemes.begin(), schemes.end(), [&](const auto& s) { return s.label() == f.scheme; });
    if (spec == schemes.end()) throw std::logic_error("penalty ladder: no scheme labelled " + f.scheme);
    std::vector<OrderPoint> points;
    for (const auto& r : st.rows)
      if (r.scheme == f.scheme) points.push_back(order_point(r));
    const StallLadder out = extend_until_stall(points, rule, ladder, [&](double h) {
      RunRow r = run_one(p, parameters, ref, *spec, std::max<std::int64_t>(1, std::llround(span / h)), opt);
      r.refined = true;
      added[k].push_back(r);
      return order_point(r);
    });
    FitOptions fo = opt.fit;
    fo.expected_order = f.fit.expected_order;  // the penalty claims none
    f.fit = fit_order(points, fo);
    f.fit.refined_rungs = out.new_rungs;
    f.fit.refinement_stop = out.stop;
  });
  for (auto& a : added) st.rows.insert(st.rows.end(), a.begin(), a.end());
}
}  // namespace

void PbdPaperConfig::validate() const {
  disks.validate();
  reference.validate();
  thresholds.validate();
  sliding_ladder.validate();
  disks_ladder.validate();
  if (!disks_exact_schemes.empty()) disks_exact_ladder.validate();
  penalty_ladder.validate();
  if (jobs < 1) throw std::invalid_argument("pbd-paper: jobs must be >= 1, got " + std::to_string(jobs));
}

std::vector<Claim> PbdPaperStudy::claims() const {
  std::vector<Claim> all = sliding_claims;
  all.insert(all.end(), disks_claims.begin(), disks_claims.end());
  return all;
}

PbdPaperStudy run_pbd_paper_study(const PbdPaperConfig& cfg) {
  cfg.validate();
  PbdPaperStudy res;
  auto progress = [&cfg](const std::string& part) {
    return cfg.run_progress ? cfg.run_progress(part) : std::function<void(const RunRow&, int, int)>{};
  };
  // Sliding case, Fig. 8.
  {
    SlidingCaseOptions o;
    o.d = 3;
    o.C = 10;
    o.alpha = kPiOver16;
    const SlidingCase<double> p(o);
    StudyOptions opt;
    opt.ladder = cfg.sliding_ladder;
    opt.jobs = cfg.jobs;
    opt.progress = progress("sliding");
    opt.refine = cfg.refine;
    auto exact = [&p](double t) { return p.exact(t); };
    res.sliding = run_convergence("pbd-paper-sliding", p, fmt::format("d=3 C=10 alpha={:.6g}", o.alpha), exact,
                                  parse_scheme_list(cfg.schemes), opt);
    res.sliding_claims = pbd_paper_claims(res.sliding, "sliding", cfg.thresholds);
  }
  // Disks, Figs. 9 and 10.
  const auto start = std::chrono::steady_clock::now();
  // The reference and, for its error estimate, the same at twice its step
  // (order 1: e(2h) − e(h) ≈ e(h)); both cached, computed in parallel.
  DisksReferenceOptions coarse = cfg.reference;
  coarse.steps /= 2;
  CachedReference check;
  parallel_for(2, cfg.jobs, [&](std::size_t i) {
    if (i == 0)
      res.reference = disks_reference(cfg.disks, cfg.reference, cfg.reference_progress);
    else
      check = disks_reference(cfg.disks, coarse);
  });
  for (std::size_t i = 0; i < res.reference.reference.states.size(); ++i)
    res.reference_error =
        std::max(res.reference_error, (check.reference.states[i] - res.reference.reference.states[i]).norm());
  res.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const Disks<double> p(cfg.disks);
  StudyOptions opt;
  opt.ladder = cfg.disks_ladder;
  opt.jobs = cfg.jobs;
  opt.progress = progress("disks");
  opt.reference_error = res.reference_error;
  opt.refine = cfg.refine;
  opt.refine.h_floor = 10 * cfg.disks.t_end / double(cfg.reference.steps);
  res.disks = run_convergence("pbd-paper-disks", p, cfg.disks.label(), res.reference.reference,
                              parse_scheme_list(cfg.disks_schemes), opt);
  if (!cfg.disks_exact_schemes.empty()) {
    StudyOptions exact_opt = opt;
    exact_opt.ladder = cfg.disks_exact_ladder;
    exact_opt.refine = cfg.exact_refine;
    exact_opt.refine.max_new_rungs = std::min(cfg.exact_refine.max_new_rungs, cfg.refine.max_new_rungs);
    exact_opt.refine.h_floor = opt.refine.h_floor;
    const auto extra = run_convergence("pbd-paper-disks", p, cfg.disks.label(), res.reference.reference,
                                       parse_scheme_list(cfg.disks_exact_schemes), exact_opt);
    res.disks.rows.insert(res.disks.rows.end(), extra.rows.begin(), extra.rows.end());
    res.disks.fits.insert(res.disks.fits.end(), extra.fits.begin(), extra.fits.end());
  }
  {
    StallLadderOptions ladder = cfg.penalty_ladder;
    ladder.h_floor = std::max(ladder.h_floor, opt.refine.h_floor);
    extend_penalty_ladders(res.disks, p, cfg.disks.label(), res.reference.reference,
                           parse_scheme_list(cfg.disks_schemes), opt, cfg.thresholds.stall, ladder);
  }
  res.disks_claims = pbd_paper_claims(res.disks, "disks", cfg.thresholds);
  // The same ladders judged without the reference: a cross-check of the cached reference.
  res.cross_check = richardson_cross_check(p, cfg.disks.label(), parse_scheme_list(cfg.disks_schemes),
                                           cfg.disks_ladder, res.reference.reference.times, opt.integrate, cfg.jobs);
  return res;
}

}  // namespace sweepcheck

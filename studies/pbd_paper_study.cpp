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
}  // namespace

void PbdPaperConfig::validate() const {
  disks.validate();
  reference.validate();
  thresholds.validate();
  sliding_ladder.validate();
  disks_ladder.validate();
  if (!disks_exact_schemes.empty()) disks_exact_ladder.validate();
  refine.validate();
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
  const Disks<double> p(cfg.disks);
  const auto disks_schemes = parse_scheme_list(cfg.disks_schemes);
  // The disks judged against a reference with `steps` steps whose error
  // estimate is `error`: every scheme's ladder, refined down to 10 h_ref.
  auto judge_disks = [&](const CachedReference& ref, std::int64_t steps, double error) {
    StudyOptions opt;
    opt.ladder = cfg.disks_ladder;
    opt.jobs = cfg.jobs;
    opt.progress = progress("disks");
    opt.reference_error = error;
    opt.refine = cfg.refine;
    opt.refine.h_floor = 10 * cfg.disks.t_end / double(steps);
    ConvergenceStudy s = run_convergence("pbd-paper-disks", p, cfg.disks.label(), ref.reference, disks_schemes, opt);
    if (!cfg.disks_exact_schemes.empty()) {
      StudyOptions exact_opt = opt;
      exact_opt.ladder = cfg.disks_exact_ladder;
      const auto extra = run_convergence("pbd-paper-disks", p, cfg.disks.label(), ref.reference,
                                         parse_scheme_list(cfg.disks_exact_schemes), exact_opt);
      s.rows.insert(s.rows.end(), extra.rows.begin(), extra.rows.end());
      s.fits.insert(s.fits.end(), extra.fits.begin(), extra.fits.end());
    }
    return s;
  };
  auto max_distance = [](const CachedReference& a, const CachedReference& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.reference.states.size(); ++i)
      d = std::max(d, (a.reference.states[i] - b.reference.states[i]).norm());
    return d;
  };
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
  res.reference_error = max_distance(check, res.reference);
  res.reference_steps = cfg.reference.steps;
  res.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  res.disks = judge_disks(res.reference, res.reference_steps, res.reference_error);
  // A finer reference when the floor, not the budget, ended a claimed series
  // that has not settled (fit_order.md, "A finer reference").
  if (cfg.finer_reference_on_demand)
    for (const auto& f : res.disks.fits) {
      const Verdict v = f.fit.verdict;
      if (!f.fit.refinement_ended_by_floor || v == Verdict::pass || v == Verdict::none_claimed) continue;
      res.finer_reference_reason = fmt::format(
          "the h floor 10 h_ref = {:.3g} ended {}'s refinement while its verdict was {} (local orders mean {:.3f}, "
          "trend {:.3f} per halving of h)",
          10 * cfg.disks.t_end / double(res.reference_steps), f.scheme, to_string(v), f.fit.settle_mean, f.fit.trend);
      DisksReferenceOptions finer = cfg.reference;
      finer.steps *= 2;
      const auto t0 = std::chrono::steady_clock::now();
      CachedReference fine = disks_reference(cfg.disks, finer, cfg.reference_progress);
      res.reference_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      res.reference_error = max_distance(res.reference, fine);  // the paper's reference is its 2 h companion
      res.reference = std::move(fine);
      res.reference_steps = finer.steps;
      res.disks = judge_disks(res.reference, res.reference_steps, res.reference_error);
      break;
    }
  res.disks_claims = pbd_paper_claims(res.disks, "disks", cfg.thresholds);
  // The same ladders judged without the reference: a cross-check of the cached reference.
  res.cross_check = richardson_cross_check(p, cfg.disks.label(), disks_schemes, cfg.disks_ladder,
                                           res.reference.reference.times, IntegrateOptions{}, cfg.jobs);
  return res;
}

}  // namespace sweepcheck

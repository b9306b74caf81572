#include "studies/cases/pbd_paper_study.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "sweepcheck/analytic/disks_view.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "studies/cases/richardson_cross_check.hpp"

namespace sweepcheck {

namespace {

// Seed 000, Section 4.3: each penalty γ's ladder halved on until its error
// stalls or the budget ends (studies/engine/error_stall.hpp). The rungs join the
// rows, marked refined; the penalty's fit records how many and why its
// ladder ended (refinement.rungs, refinement.stop), which the claims quote.
template <class Problem, class Reference>
void extend_penalty_ladders(ConvergenceStudy& st, const Problem& p, const std::string& parameters,
                            const Reference& ref, const std::vector<SchemeSpec>& schemes, const StudyOptions& opt,
                            const StallRule& rule, const StallLadderOptions& ladder) {
  std::vector<std::size_t> penalty;
  for (std::size_t i = 0; i < st.fits.size(); ++i)
    if (st.fits[i].scheme.rfind("penalty", 0) == 0) penalty.push_back(i);
  std::vector<std::vector<RunRow>> added(penalty.size());
  const auto cache = open_row_cache(st.name, p, parameters, ref, opt);
  const double span = to_double(p.t_end() - p.t0());
  parallel_for(penalty.size(), opt.executor.jobs, [&](std::size_t k) {
    SchemeFit& f = st.fits[penalty[k]];
    const auto spec = std::find_if(schemes.begin(), schemes.end(), [&](const auto& s) { return s.label() == f.scheme; });
    if (spec == schemes.end()) throw std::logic_error("penalty ladder: no scheme labelled " + f.scheme);
    std::vector<OrderPoint> points;
    for (const auto& r : st.rows)
      if (r.scheme == f.scheme) points.push_back(order_point(r));
    const StallLadder out = extend_until_stall(points, rule, ladder, [&](double h) {
      RunRow r = run_one_cached(cache.get(), p, parameters, ref, *spec, std::max<std::int64_t>(1, std::llround(span / h)),
                                opt);
      r.refined = true;
      added[k].push_back(r);
      return order_point(r);
    });
    FitOptions fo = opt.fit;
    fo.expected_order = f.fit.expected_order;  // the penalty claims none
    f.fit = fit_order(points, fo);
    f.fit.refinement.rungs = out.new_rungs;
    f.fit.refinement.stop = out.stop;
  });
  for (auto& a : added) st.rows.insert(st.rows.end(), a.begin(), a.end());
  if (cache) cache->save();
}

// The schemes of a list the stability claims are about: PBD (bounded?) and
// the penalty method and PGS (unstable?).
std::vector<SchemeSpec> stability_schemes(const std::vector<SchemeSpec>& list) {
  std::vector<SchemeSpec> out;
  for (const auto& s : list)
    if (s.name == "pbd" || s.name == "pgs" || s.name == "penalty") out.push_back(s);
  return out;
}

// The paper's steps again from each perturbed start (starts[0] is the given
// one, already run): no refinement (the claims use the paper's steps only).
template <class P, class Reference>
std::vector<PerturbedRuns> run_perturbed(const std::string& study, const P& p, const std::string& parameters,
                                         const Reference& reference, const std::vector<SchemeSpec>& schemes,
                                         const std::vector<PerturbedStart>& starts, StudyOptions opt) {
  std::vector<PerturbedRuns> out;
  if (schemes.empty()) return out;
  opt.refine.max_new_rungs = 0;
  opt.progress = {};
  for (std::size_t k = 1; k < starts.size(); ++k) {
    const StartedAt<P> q(p, starts[k].x0);
    out.push_back({starts[k].size, run_convergence(study, q, parameters + starts[k].tag(), reference, schemes, opt).rows});
  }
  return out;
}

// |x_3(t_k)| of each trace scheme from each start at the step T / round(T / h).
std::vector<SymmetryTrace> symmetry_traces(const SlidingCase<double>& p, const std::vector<SchemeSpec>& schemes, double h,
                                           const std::vector<PerturbedStart>& starts, const IntegrateOptions& io) {
  std::vector<SymmetryTrace> out;
  if (schemes.empty()) return out;
  const auto n = std::max<std::int64_t>(1, std::llround((p.t_end() - p.t0()) / h));
  for (const auto& spec : schemes)
    for (const auto& start : starts) {
      const StartedAt<SlidingCase<double>> q(p, start.x0);
      SymmetryTrace t;
      t.scheme = spec.label();
      t.h = (p.t_end() - p.t0()) / double(n);
      t.perturbation = start.size;
      with_scheme_for<StartedAt<SlidingCase<double>>>(spec, p.name(), [&](const auto& scheme) {
        t.status = integrate(q, scheme, n,
                             [&](std::int64_t, double time, const Vec<double>& x) {
                               t.distance.emplace_back(time, std::abs(x[2]));
                             },
                             io)
                       .status;
      });
      out.push_back(std::move(t));
    }
  return out;
}

// The progress callback of one part of the study ("sliding", "disks"), or none.
std::function<void(const RunRow&, int, int)> part_progress(const PbdPaperConfig& cfg, const std::string& part) {
  return cfg.run_progress ? cfg.run_progress(part) : std::function<void(const RunRow&, int, int)>{};
}

// Sliding case, Fig. 8: the study, every scheme from the perturbed starts,
// the symmetry traces, and the claims.
// The paper's figures are reproduced as the paper measured them: one grid
// a rung (grid phases, studies/engine/grid_phases.hpp, would find events on
// every disks rung and on 37 of the sliding case's 116 rows, and make the
// disks' part of the report up to four times as long; measured 2026-11-28).
const GridPhases kPaperGrids = GridPhases::none();

void run_sliding(const PbdPaperConfig& cfg, PbdPaperStudy& res) {
  SlidingCaseOptions o;
  o.d = 3;
  o.C = 10;
  o.alpha = kPiOver16;
  const SlidingCase<double> p(o);
  StudyOptions opt;
  opt.ladder = cfg.sliding_ladder;
  opt.executor = cfg.executor;
  opt.progress = part_progress(cfg, "sliding");
  opt.refine = cfg.refine;
  opt.cache_rows = true;  // studies/runs/run_row_cache.hpp
  opt.phases = kPaperGrids;
  auto exact = [&p](double t) { return p.exact(t); };
  const std::string parameters = fmt::format("d=3 C=10 alpha={:.6g}", o.alpha);
  res.sliding = run_convergence("pbd-paper-sliding", p, parameters, exact, cfg.schemes, opt);
  const auto t0 = std::chrono::steady_clock::now();
  const ProblemViewOf<SlidingCase<double>> view(p);
  res.sliding_starts = perturbed_starts(p.x0(), cfg.perturbations, &view.constraints(), p.t0());
  // Every scheme, not only the stability claims' (issue 34): the comparisons are judged on these runs.
  res.sliding_perturbed = run_perturbed("pbd-paper-sliding", p, parameters, exact, cfg.schemes,
                                        res.sliding_starts, opt);
  res.sliding_traces = symmetry_traces(p, cfg.trace_schemes, cfg.trace_h, res.sliding_starts, opt.integrate);
  res.perturbed_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  res.sliding_claims = pbd_paper_claims(res.sliding, "sliding", cfg.thresholds, res.sliding_perturbed,
                                        cfg.sliding_comparison_start);
  res.sliding_comparison_start = cfg.sliding_comparison_start;
}

// The disks' study options against a reference with `steps` steps whose
// error estimate is `error`: refined down to 10 h_ref.
StudyOptions disks_options(const PbdPaperConfig& cfg, std::int64_t steps, double error) {
  StudyOptions opt;
  opt.ladder = cfg.disks_ladder;
  opt.executor = cfg.executor;
  opt.progress = part_progress(cfg, "disks");
  opt.reference_error = error;
  opt.refine = cfg.refine;
  opt.refine.h_floor = 10 * cfg.disks.t_end / double(steps);
  opt.cache_rows = true;  // studies/runs/run_row_cache.hpp: a warm report does not run these again
  opt.phases = kPaperGrids;
  return opt;
}

// The disks judged against a reference: every scheme's ladder, and each
// penalty γ's ladder extended until it stalls.
ConvergenceStudy judge_disks(const PbdPaperConfig& cfg, const Disks<double>& p, const CachedReference& ref,
                             std::int64_t steps, double error) {
  const StudyOptions opt = disks_options(cfg, steps, error);
  ConvergenceStudy s = run_convergence("pbd-paper-disks", p, cfg.disks.label(), ref.reference, cfg.disks_schemes, opt);
  StallLadderOptions ladder = cfg.penalty_ladder;
  ladder.h_floor = std::max(ladder.h_floor, opt.refine.h_floor);
  extend_penalty_ladders(s, p, cfg.disks.label(), ref.reference, cfg.disks_schemes, opt, cfg.thresholds.stall, ladder);
  return s;
}

// The expensive schemes (Moreau–Euler: a certified projection per step) on
// their own ladder, with the study's one refinement budget, against the
// paper's reference. Their series end at the budget far above that
// reference's h floor (Moreau–Euler at 4.9e-5 against 10 h_ref = 1e-5), so
// a finer reference would not change what they show, and they never decide
// whether one is needed; they run while it is computed (issue 44: the two
// are the cold report's longest one-core stretches).
ConvergenceStudy judge_exact(const PbdPaperConfig& cfg, const Disks<double>& p, const CachedReference& ref,
                             std::int64_t steps, double error) {
  if (cfg.disks_exact_schemes.empty()) return {};
  StudyOptions exact_opt = disks_options(cfg, steps, error);
  exact_opt.ladder = cfg.disks_exact_ladder;
  return run_convergence("pbd-paper-disks", p, cfg.disks.label(), ref.reference, cfg.disks_exact_schemes, exact_opt);
}

double max_distance(const CachedReference& a, const CachedReference& b) {
  double d = 0;
  for (std::size_t i = 0; i < a.reference.states.size(); ++i)
    d = std::max(d, (a.reference.states[i] - b.reference.states[i]).norm());
  return d;
}

// The reference and, for its error estimate, the same at twice its step
// (order 1: e(2h) − e(h) ≈ e(h)); both cached, computed in parallel.
void compute_disks_reference(const PbdPaperConfig& cfg, PbdPaperStudy& res) {
  const auto start = std::chrono::steady_clock::now();
  DisksReferenceOptions coarse = cfg.reference;
  coarse.steps /= 2;
  CachedReference check;
  parallel_for(2, cfg.executor.jobs, [&](std::size_t i) {
    if (i == 0)
      res.reference = disks_reference(cfg.disks, cfg.reference, cfg.reference_progress);
    else
      check = disks_reference(cfg.disks, coarse);
  });
  res.reference_error = max_distance(check, res.reference);
  res.reference_steps = cfg.reference.steps;
  res.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A finer reference when the floor, not the budget, ended a claimed series
// that has not settled (fit_order.md, "A finer reference"): the disks are
// judged again against it, and the paper's reference becomes its 2 h companion.
void rejudge_with_finer_reference_if_needed(const PbdPaperConfig& cfg, const Disks<double>& p, PbdPaperStudy& res) {
  for (const auto& f : res.disks.fits) {
    const FitVerdict v = f.fit.verdict;
    if (!f.fit.refinement.ended_by_floor || v == FitVerdict::pass || v == FitVerdict::none_claimed) continue;
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
    res.disks = judge_disks(cfg, p, res.reference, res.reference_steps, res.reference_error);
    return;
  }
}

// The stability claims' disks schemes from each perturbed start.
void run_disks_perturbed(const PbdPaperConfig& cfg, const Disks<double>& p, PbdPaperStudy& res) {
  const auto start = std::chrono::steady_clock::now();
  {
    const DisksAllPairsView view(p);
    res.disks_starts = perturbed_starts(p.x0(), cfg.perturbations, &view.constraints(), p.t0());
  }
  res.disks_perturbed = run_perturbed("pbd-paper-disks", p, cfg.disks.label(), res.reference.reference,
                                      stability_schemes(cfg.disks_schemes), res.disks_starts,
                                      disks_options(cfg, res.reference_steps, res.reference_error));
  res.perturbed_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void PbdPaperConfig::validate() const {
  for (const auto& [name, list] : {std::pair<const char*, const std::vector<SchemeSpec>*>{"schemes", &schemes},
                                   {"disks_schemes", &disks_schemes}})
    if (list->empty()) throw std::invalid_argument(fmt::format("pbd-paper: {}: no scheme given", name));
  disks.validate();
  reference.validate();
  thresholds.validate();
  sliding_ladder.validate();
  disks_ladder.validate();
  if (!disks_exact_schemes.empty()) disks_exact_ladder.validate();
  refine.validate();
  penalty_ladder.validate();
  executor.validate("pbd-paper");
  perturbations.validate();
  for (const auto& [name, size] : {std::pair<const char*, double>{"sliding_comparison_start", sliding_comparison_start},
                                   {"disks_comparison_start", disks_comparison_start}})
    if (size != 0 && std::find(perturbations.sizes.begin(), perturbations.sizes.end(), size) == perturbations.sizes.end())
      throw std::invalid_argument(fmt::format("pbd-paper: {} must be 0 (the given start) or one of the perturbed "
                                              "starts' sizes, got {:g}",
                                              name, size));
  if (!(trace_h > 0 && std::isfinite(trace_h)))
    throw std::invalid_argument("pbd-paper: trace_h must be a finite number > 0, got " + std::to_string(trace_h));
}

std::vector<Claim> PbdPaperStudy::claims() const {
  std::vector<Claim> all = sliding_claims;
  all.insert(all.end(), disks_claims.begin(), disks_claims.end());
  return all;
}

const PerturbedRuns* PbdPaperStudy::sliding_comparison() const {
  if (sliding_comparison_start == 0) return nullptr;
  for (const auto& r : sliding_perturbed)
    if (r.size == sliding_comparison_start) return &r;
  return nullptr;
}

PbdPaperStudy run_pbd_paper_study(const PbdPaperConfig& cfg) {
  cfg.validate();
  PbdPaperStudy res;
  run_sliding(cfg, res);
  // Disks, Figs. 9 and 10.
  const Disks<double> p(cfg.disks);
  compute_disks_reference(cfg, res);
  res.disks = judge_disks(cfg, p, res.reference, res.reference_steps, res.reference_error);
  // The finer reference (when a claimed series asks for it) and the expensive
  // schemes' series against the paper's reference, side by side on this
  // process's threads: each is mostly one core's work. Over MPI ranks one
  // after the other, as a rank serves one study at a time.
  const CachedReference paper = res.reference;
  res.exact_reference_steps = res.reference_steps;
  res.exact_reference_error = res.reference_error;
  ConvergenceStudy exact;
  const auto task = [&](std::size_t i) {
    if (i == 0 && cfg.finer_reference_on_demand) rejudge_with_finer_reference_if_needed(cfg, p, res);
    if (i == 1) exact = judge_exact(cfg, p, paper, res.exact_reference_steps, res.exact_reference_error);
  };
  if (cfg.executor.distributed()) {
    task(0);
    task(1);
  } else {
    parallel_for(2, cfg.executor.jobs, task);
  }
  res.disks.rows.insert(res.disks.rows.end(), exact.rows.begin(), exact.rows.end());
  res.disks.fits.insert(res.disks.fits.end(), exact.fits.begin(), exact.fits.end());
  run_disks_perturbed(cfg, p, res);
  res.disks_claims = pbd_paper_claims(res.disks, "disks", cfg.thresholds, res.disks_perturbed,
                                      cfg.disks_comparison_start);
  // The same ladders judged without the reference: a cross-check of the cached reference.
  res.cross_check = richardson_cross_check(p, cfg.disks.label(), cfg.disks_schemes, cfg.disks_ladder,
                                           res.reference.reference.times, IntegrateOptions{}, cfg.executor);
  return res;
}

}  // namespace sweepcheck

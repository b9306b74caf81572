#include "studies/cases/crowd_study.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sweepcheck {

namespace {

std::string crowd_parameters(const CrowdOptions& o) {
  return fmt::format("N={} r={:g} L={:g} door={:g} T={:g} seed={}", o.people, o.radius, o.room, o.door_width, o.t_end,
                     o.seed);
}

const SchemeFit* fit_of(const CrowdStudy& s, const std::string& parameters, const std::string& scheme) {
  for (const auto& f : s.study.fits)
    if (f.parameters == parameters && f.scheme == scheme) return &f;
  return nullptr;
}

const RunRow* row_of(const CrowdStudy& s, const std::string& parameters, const std::string& scheme, double h) {
  for (const auto& r : s.study.rows)
    if (r.parameters == parameters && r.scheme == scheme && std::abs(r.h - h) <= 1e-12 * h) return &r;
  return nullptr;
}

// No claim, no verdict (fit_order.md, "Verdicts"): on the crowd, seed 001's
// Theorem 3.4 covers Venel's scheme only. Any other scheme's rows carry no
// claimed order, so their fits report the observed order and trend and no
// pass or fail (PBD's order 1 is seed 000's observation on its own problems).
void keep_only_theorem_claims(RunRow& r) {
  if (!r.scheme.starts_with("venel")) r.claimed_order = std::numeric_limits<double>::quiet_NaN();
}

std::string order_sentence(const SchemeFit& f, const std::string& reference) {
  const auto& o = f.fit;
  if (!std::isfinite(o.order))
    return fmt::format("{} against {}: no order could be fitted ({}).", f.scheme, reference, o.reason);
  std::string agree;
  if (std::isfinite(o.expected_order)) {
    if (!o.expected_is_sharp) {
      agree = fmt::format(" The claim is order >= {:g} (an upper bound on the error); verdict **{}** ({}).", o.expected_order,
                          to_string(o.verdict), o.reason);
    } else {
      const bool inside = o.ci_low <= o.expected_order && o.expected_order <= o.ci_high;
      agree = fmt::format(" The interval {} the claimed order {:g}, so the observed order {} with it; verdict **{}** ({}).",
                          inside ? "contains" : "excludes", o.expected_order, inside ? "agrees" : "does not agree",
                          to_string(o.verdict), o.reason);
    }
  }
  std::string given;
  if (o.refinement.rungs > 0 || !o.refinement.stop.empty())
    given = fmt::format(" On the given steps alone: order {:.3f} [{:.3f}, {:.3f}], {}; refinement added {} rungs down "
                        "to h = {:g} ({}).",
                        f.ladder_fit.order, f.ladder_fit.ci_low, f.ladder_fit.ci_high, to_string(f.ladder_fit.verdict),
                        o.refinement.rungs, o.finest_h, o.refinement.stop);
  return fmt::format(
      "{} against {}: observed order {:.3f}, 95% interval [{:.3f}, {:.3f}], from {} points with h in [{:g}, {:g}].{}{}",
      f.scheme, reference, o.order, o.ci_low, o.ci_high, o.points_used, o.h_min, o.h_max, agree, given);
}

// One reference run: a scheme (its index in the configuration's list) at a
// step, labelled "paper", "fine" or "fine-check".
struct RefTask {
  std::size_t scheme;
  double h;
  std::string label;
};

// The reference runs: every scheme at the paper's h_min and at the fine step
// (with its 2 h companion, for the fine reference's error).
std::vector<RefTask> reference_tasks(const CrowdStudyConfig& cfg, std::size_t schemes) {
  std::vector<RefTask> tasks;
  for (std::size_t s = 0; s < schemes; ++s) {
    tasks.push_back({s, cfg.paper_reference_h, "paper"});
    if (cfg.fine_reference_h != 0) {
      tasks.push_back({s, cfg.fine_reference_h, "fine"});
      tasks.push_back({s, 2 * cfg.fine_reference_h, "fine-check"});
    }
  }
  return tasks;
}

// Runs the reference tasks through run_tasks, as every independent run
// (threads, and MPI ranks under mpirun), and records them in out.references.
std::vector<SampledRun<double>> run_references(const CrowdEvacuation<double>& problem, const CrowdStudyConfig& cfg,
                                               const std::vector<RefTask>& tasks, CrowdStudy& out) {
  const std::vector<SchemeSpec>& specs = cfg.schemes;
  const std::string base = crowd_parameters(cfg.crowd);
  auto refs = run_tasks<SampledRun<double>>(
      tasks.size(), cfg.sampled.executor,
      [&](std::size_t i) {
        auto r = run_sampled(problem, base, specs[tasks[i].scheme], tasks[i].h, out.sample_times, cfg.sampled.integrate);
        if (cfg.log)
          cfg.log(fmt::format("reference {} h={:g}: {} ({:.1f} s)", specs[tasks[i].scheme].label(), tasks[i].h,
                              to_string(r.row.status), r.row.wall_seconds));
        return r;
      },
      {});
  for (std::size_t i = 0; i < tasks.size(); ++i)
    out.references.push_back({specs[tasks[i].scheme].label(), tasks[i].label, refs[i].row, refs[i].samples});
  return refs;
}

// The reference runs labelled `label`, one per scheme, in the schemes' order.
std::vector<SampledRun<double>> pick(const std::vector<RefTask>& tasks, const std::vector<SampledRun<double>>& refs,
                                     const std::string& label) {
  std::vector<SampledRun<double>> r;
  for (std::size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i].label == label) r.push_back(refs[i]);
  return r;
}

// Every scheme's ladder against one reference per scheme (`per_scheme`), its
// rows labelled `parameters`; the first group's runs are kept in ladder_runs.
void add_rows_against(const CrowdEvacuation<double>& problem, const CrowdStudyConfig& cfg,
                      const std::string& parameters, const std::vector<SampledRun<double>>& per_scheme,
                      CrowdStudy& out, std::vector<SampledRun<double>>& ladder_runs) {
  SampledStudyOptions o = cfg.sampled;
  o.progress = cfg.sampled.progress;
  auto rows = run_sampled_rows(problem, parameters, cfg.schemes, per_scheme, o,
                               ladder_runs.empty() ? &ladder_runs : nullptr);
  for (auto& r : rows) keep_only_theorem_claims(r);
  out.study.rows.insert(out.study.rows.end(), rows.begin(), rows.end());
}

// The ladder's successive runs compared with each other at the sample times (error (24)'s times).
void add_reference_free_estimates(const std::vector<SchemeSpec>& specs,
                                  const std::vector<SampledRun<double>>& ladder_runs, CrowdStudy& out) {
  for (const auto& spec : specs) {
    std::vector<LadderRun> ladder;
    double claim = std::numeric_limits<double>::quiet_NaN();
    bool sharp = false;
    for (const auto& r : ladder_runs)
      if (r.row.scheme == spec.label()) {
        ladder.push_back({r.row.h, r.samples, r.row.noise_floor, r.row.status == RunStatus::ok});
        claim = r.row.claimed_order;
        sharp = r.row.claim_is_sharp;
      }
    out.richardson.push_back({spec.label(), reference_free_estimate(ladder, claim, sharp)});
  }
}

// The finer reference's error estimate joins its rows' noise floor, then
// the fits against it are refined (the paper's reference cannot be: its
// step is the paper's list's lower end).
void refine_against_fine_reference(const CrowdEvacuation<double>& problem, const CrowdStudyConfig& cfg,
                                   const std::vector<SampledRun<double>>& fine,
                                   const std::vector<SampledRun<double>>& check, CrowdStudy& out) {
  const std::vector<SchemeSpec>& specs = cfg.schemes;
  std::vector<RunRow> fine_rows, paper_rows;
  for (auto& r : out.study.rows) (r.parameters == out.fine_parameters ? fine_rows : paper_rows).push_back(r);
  for (std::size_t s = 0; s < specs.size(); ++s) {
    const double e = fine[s].samples.empty() || check[s].samples.empty()
                         ? std::numeric_limits<double>::infinity()
                         : max_sample_distance(check[s].samples, fine[s].samples);
    out.fine_reference_error.emplace_back(specs[s].label(), e);
    for (auto& r : fine_rows)
      if (r.scheme == specs[s].label()) r.noise_floor += e;
  }
  RefineOptions ro = cfg.refine;
  ro.h_floor = std::max(ro.h_floor, 10 * cfg.fine_reference_h);
  auto fine_fits = refine_rows(fine_rows, cfg.sampled.fit, ro, cfg.sampled.executor.jobs, [&](const RunRow& head, double h) {
    for (std::size_t s = 0; s < specs.size(); ++s)
      if (specs[s].label() == head.scheme) {
        auto run = run_sampled(problem, out.fine_parameters, specs[s], h, out.sample_times, cfg.sampled.integrate);
        set_sampled_error(run.row, run.samples, fine[s]);
        run.row.noise_floor += out.fine_reference_error[s].second;
        keep_only_theorem_claims(run.row);
        if (cfg.log)
          cfg.log(fmt::format("refine {} h={:g}: e_h = {:.3g} ({:.1f} s)", head.scheme, h, run.row.error_uniform,
                              run.row.wall_seconds));
        return std::move(run.row);
      }
    throw std::logic_error("crowd refine: no scheme labelled " + head.scheme);
  });
  out.study.rows = paper_rows;
  out.study.rows.insert(out.study.rows.end(), fine_rows.begin(), fine_rows.end());
  out.study.fits = fit_rows(paper_rows, cfg.sampled.fit);
  out.study.fits.insert(out.study.fits.end(), fine_fits.begin(), fine_fits.end());
}

}  // namespace

int evacuated(const Vec<double>& x, const CrowdOptions& crowd) {
  int n = 0;
  for (Eigen::Index i = 0; i + 1 < x.size(); i += 2) n += x[i] > crowd.room;
  return n;
}

CrowdStudy run_crowd_study(const CrowdStudyConfig& cfg) {
  cfg.validate();
  const CrowdEvacuation<double> problem(cfg.crowd);
  const std::vector<SchemeSpec>& specs = cfg.schemes;
  for (const auto& s : specs) with_scheme_for<CrowdEvacuation<double>>(s, problem.name(), [](const auto&) { return 0; });  // reject early
  CrowdStudy out;
  out.start = problem.x0();
  out.sample_times = equally_spaced_samples(0, cfg.crowd.t_end, cfg.sampled.samples);
  const std::vector<RefTask> tasks = reference_tasks(cfg, specs.size());
  const auto refs = run_references(problem, cfg, tasks, out);

  std::vector<SampledRun<double>> ladder_runs;  // the first group's runs, for the reference-free cross-check
  // Short, so figure keys stay readable; the crowd itself is in the report's description.
  out.paper_parameters = fmt::format("N={} T={:g} ref h={:g}", cfg.crowd.people, cfg.crowd.t_end, cfg.paper_reference_h);
  add_rows_against(problem, cfg, out.paper_parameters, pick(tasks, refs, "paper"), out, ladder_runs);
  if (cfg.fine_reference_h != 0) {
    out.fine_parameters = fmt::format("N={} T={:g} ref h={:g}", cfg.crowd.people, cfg.crowd.t_end, cfg.fine_reference_h);
    add_rows_against(problem, cfg, out.fine_parameters, pick(tasks, refs, "fine"), out, ladder_runs);
  }
  out.study.name = "crowd";
  out.study.fits = fit_rows(out.study.rows, cfg.sampled.fit);
  add_reference_free_estimates(specs, ladder_runs, out);
  if (cfg.fine_reference_h != 0)
    refine_against_fine_reference(problem, cfg, pick(tasks, refs, "fine"), pick(tasks, refs, "fine-check"), out);
  return out;
}

std::vector<Claim> crowd_claims(const CrowdStudy& s) {
  std::vector<Claim> out;
  for (const auto& f : s.study.fits) {
    if (!std::isfinite(f.fit.expected_order)) continue;
    const bool fine = f.parameters == s.fine_parameters;
    out.push_back(paper_order_claim(
        f, fmt::format("crowd.order.{}.{}", f.scheme, fine ? "fine-reference" : "paper-reference"),
        // Seed 001's Theorem 3.4 is Venel's (the proven bound); any other
        // scheme is held to its own catalogue claim, which no theorem of
        // seed 001 covers on the crowd.
        fmt::format("crowd: {} converges with order {}{:g} ({}), error (24) against {}", f.scheme,
                    f.fit.expected_is_sharp ? "" : ">= ", f.fit.expected_order,
                    f.scheme.starts_with("venel") ? "seed 001, Theorem 3.4"
                                                  : "the scheme's own claim; no theorem of seed 001 covers it here",
                    fine ? "the finer reference" : "the paper's reference (h_min = 0.01)")));
  }
  return out;
}

std::vector<std::string> crowd_findings(const CrowdStudy& s, const CrowdOptions& crowd) {
  std::vector<std::string> f;
  std::vector<std::string> schemes;
  for (const auto& r : s.study.rows)
    if (std::find(schemes.begin(), schemes.end(), r.scheme) == schemes.end()) schemes.push_back(r.scheme);

  for (const auto& e : s.richardson)
    f.push_back(fmt::format("{}, reference-free cross-check of the references (successive runs of the ladder compared "
                            "at the sample times; `studies/engine/richardson.md`): {}; {}.",
                            e.scheme, describe(e.estimate), e.estimate.reason));
  for (const auto& ref : s.references)
    if (ref.row.status != RunStatus::ok || ref.samples.empty())
      f.push_back(fmt::format("**Reference {} ({} h = {:g}) ended with status {}**: its rows are not trustworthy.",
                              ref.scheme, ref.label, ref.row.h, to_string(ref.row.status)));

  for (const auto& sc : schemes) {
    const std::string paper_ref = "its own run at h = " + fmt::format("{:g}", [&] {
      for (const auto& r : s.references)
        if (r.scheme == sc && r.label == "paper") return r.row.h;
      return 0.0;
    }()) + " (the paper's reference)";
    if (const auto* p = fit_of(s, s.paper_parameters, sc)) f.push_back(order_sentence(*p, paper_ref));
    if (!s.fine_parameters.empty()) {
      double hf = 0;
      for (const auto& r : s.references)
        if (r.scheme == sc && r.label == "fine") hf = r.row.h;
      if (const auto* p = fit_of(s, s.fine_parameters, sc))
        f.push_back(order_sentence(*p, fmt::format("its own run at h = {:g} (finer reference)", hf)));
      const auto* a = fit_of(s, s.paper_parameters, sc);
      const auto* b = fit_of(s, s.fine_parameters, sc);
      if (a && b && std::isfinite(a->fit.order) && std::isfinite(b->fit.order)) {
        // Error ratio at the smallest common step: how much the paper's reference under-reports.
        double h = std::numeric_limits<double>::infinity();
        for (const auto& r : s.study.rows)
          if (r.scheme == sc && r.parameters == s.paper_parameters) h = std::min(h, r.h);
        const RunRow* ra = row_of(s, s.paper_parameters, sc, h);
        const RunRow* rb = row_of(s, s.fine_parameters, sc, h);
        std::string ratio;
        if (ra && rb && rb->error_uniform > 0)
          ratio = fmt::format(" At h = {:g} the paper's reference gives e_h = {:.3g}, the finer one {:.3g} (ratio {:.2f}).", h,
                              ra->error_uniform, rb->error_uniform, ra->error_uniform / rb->error_uniform);
        f.push_back(fmt::format("{}: the choice of reference moves the observed order from {:.3f} (h_ref = paper's) to "
                                "{:.3f} (finer h_ref).{}",
                                sc, a->fit.order, b->fit.order, ratio));
      }
    }
  }

  // PBD against Venel: errors at equal h (each against its own finer reference when present), work, feasibility.
  const std::string& params = s.fine_parameters.empty() ? s.paper_parameters : s.fine_parameters;
  std::string venel, pbd;
  for (const auto& sc : schemes) {
    if (sc.rfind("venel", 0) == 0 && venel.empty()) venel = sc;
    if (sc == "pbd") pbd = sc;
  }
  if (!venel.empty() && !pbd.empty()) {
    std::vector<double> err_ratio, work_ratio, time_ratio;
    double viol_v = 0, viol_p = 0;
    for (const auto& r : s.study.rows) {
      if (r.parameters != params || r.scheme != pbd) continue;
      const RunRow* v = row_of(s, params, venel, r.h);
      if (!v) continue;
      viol_v = std::max(viol_v, v->violation);
      viol_p = std::max(viol_p, r.violation);
      if (v->error_uniform > 0 && std::isfinite(r.error_uniform) && std::isfinite(v->error_uniform))
        err_ratio.push_back(r.error_uniform / v->error_uniform);
      if (v->work.constraint_evaluations > 0)
        work_ratio.push_back(double(r.work.constraint_evaluations) / double(v->work.constraint_evaluations));
      if (v->wall_seconds > 0) time_ratio.push_back(r.wall_seconds / v->wall_seconds);
    }
    auto median = [](std::vector<double> v) {
      if (v.empty()) return std::nan("");
      std::sort(v.begin(), v.end());
      return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
    };
    if (!err_ratio.empty()) {
      const auto [lo, hi] = std::minmax_element(err_ratio.begin(), err_ratio.end());
      f.push_back(fmt::format(
          "PBD vs {} at equal h (each against its own {} reference): PBD's error e_h is {:.2f}× Venel's (median; range "
          "{:.2f}–{:.2f} over {} step sizes), with {:.3g}× the constraint evaluations and {:.3g}× the wall time "
          "(medians). The product error × wall time (lower is better) of PBD is {:.2f}× Venel's: PBD {} on accuracy per second at equal h.",
          venel, s.fine_parameters.empty() ? "paper" : "finer", median(err_ratio), *lo, *hi, err_ratio.size(),
          median(work_ratio), median(time_ratio), median(err_ratio) * median(time_ratio),
          median(err_ratio) * median(time_ratio) < 1 ? "wins" : "loses"));
    }
    f.push_back(fmt::format(
        "Feasibility: the largest constraint violation max_k max_j d_Qj(q_k) over these runs is {:.2g} for {} "
        "(Q̃ ⊂ Q, seed 001 (12): zero up to the QP tolerance) and {:.2g} for PBD (one sweep leaves overlaps).",
        viol_v, venel, viol_p));
  }
  for (const auto& ref : s.references)
    if (!ref.samples.empty())
      f.push_back(fmt::format("Reference {} ({} h = {:g}): {} of {} people are beyond the door at T = {:g}.", ref.scheme,
                              ref.label, ref.row.h, evacuated(ref.samples.back(), crowd), crowd.people, crowd.t_end));
  return f;
}

}  // namespace sweepcheck

// The audit's plan phase (audit_session.hpp): which problems, which starts,
// which runs.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "sweepcheck/solvers/adapters/polyhedral_stepper.hpp"
#include "studies/audit/audit_session.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/problem_guard.hpp"
#include "studies/runs/run_row_text.hpp"
#include "sweepcheck/studies/engine/perturbed_starts.hpp"
#include "studies/runs/problem_plugin.hpp"

namespace sweepcheck {

// A perturbed start back from the child that made it (studies/runs/child_value.hpp).
static void encode(codec::Writer& w, const PerturbedStart& s) {
  codec::encode(w, s.size), codec::encode(w, s.x0), codec::encode(w, s.displacement), codec::encode(w, s.violation);
}
static void decode(codec::Reader& r, PerturbedStart& s) {
  codec::decode(r, s.size), codec::decode(r, s.x0), codec::decode(r, s.displacement), codec::decode(r, s.violation);
}

}  // namespace sweepcheck

namespace sweepcheck::audit_detail {

// The problems given (the caller chose them: `sweepcheck audit
// --max-problems` builds only the battery's first ones). A scheme that runs only on
// some views (the catching-up schemes need S(t) as a polyhedron,
// solvers/adapters/polyhedral_stepper.hpp) runs on those problems, in the battery's
// order; every other one is listed with the reason, never skipped silently,
// and none at all is bad input.
void AuditSession::select_problems(const std::vector<AuditProblem>& all_problems) {
  problems_ = all_problems;
  if (problems_.empty()) throw std::invalid_argument("audit: no problems to run");
  const auto s = scheme_();
  if (const auto* need = dynamic_cast<const ViewRequirement*>(s.get())) {
    std::vector<AuditProblem> runnable;
    for (auto& p : problems_) {
      if (need->runs_on(*p.view)) {
        runnable.push_back(std::move(p));
      } else {
        res_.not_run.push_back(
            {problem_label(p), need->requirement() + "; " +
                                   (p.set_description.empty() ? "this problem's view exposes none"
                                                              : "this set (" + p.set_description + ") is not one")});
      }
    }
    if (runnable.empty()) {
      std::string names;
      for (const auto& n : res_.not_run) names += (names.empty() ? "" : ", ") + n.problem;
      throw std::invalid_argument(fmt::format(
          "audit: scheme '{}' can run on none of the {} problems of this battery ({}): {}. The polyhedral problems "
          "of audit_problems() are the moving walls and the LCS problems (studies/audit/audit.md); give "
          "--max-problems 0 (all) or enough to include them",
          s->name(), res_.not_run.size(), names, need->requirement()));
    }
    problems_ = std::move(runnable);
  }
  const auto t = scheme_();
  res_.scheme = t->name();
  // The claim, resolved once (sweepcheck/order_claim.hpp) to within the
  // audit's resolution; every problem's rows refer to it (rows_of).
  res_.claim = resolve_claim(opt_.claim.within(th_.fit.resolution), t->claimed_order(), opt_.schemes_claim_is_sharp);
}

// Check 4's starts of problem i. The feasibility sweeps project with the
// problem's constraints: on a problem plugin they run in a child, and a fault
// there leaves the given start only, with the problem not judged (issue 37).
std::vector<PerturbedStart> AuditSession::starts_of(std::size_t i) {
  const AuditProblem& p = problems_[i];
  if (p.untrusted.empty()) return perturbed_starts(p.x0, th_.large_step_starts, &p.view->constraints(), p.t0);
  const ChildResult c = run_in_child(
      [&] { return child_value(perturbed_starts(p.x0, th_.large_step_starts, &p.view->constraints(), p.t0)); },
      60.0 /* s: a few projections per start */, problem_plugin_child_limits());
  std::vector<PerturbedStart> out;
  if (c.status == RunStatus::ok) {
    read_child_value(c.payload, out);
    return out;
  }
  std::string cause = problem_fault_cause(p.untrusted, c);
  problem_fault_reason_[i] = "making the perturbed starts of the large-step check: " +
                             (cause.empty() ? p.untrusted + ": " + describe(c) : cause);
  PerturbedStart given;
  given.x0 = p.x0;
  out.push_back(std::move(given));
  return out;
}

void AuditSession::plan_starts() {
  // Reference-free problems: every ladder and large-step run is recorded at
  // common sample times (reference_free.hpp).
  sample_times_.assign(problems_.size(), {});
  for (std::size_t i = 0; i < problems_.size(); ++i)
    if (problems_[i].reference_free())
      sample_times_[i] = reference_free_sample_times(problems_[i], th_.reference_free_samples);
  // Check 4's starts per problem: the given one, then the seeded perturbed
  // ones (studies/engine/perturbed_starts.hpp), each a copy of the problem with its
  // x0 and a parameters tag (" start=perturbed:1e-12"), so its rows and
  // journal entries never share the given start's key. Computed once, here,
  // so every thread, rank and child sees the same starts.
  starts_.assign(problems_.size(), {});
  start_sizes_.assign(problems_.size(), {});
  problem_fault_reason_.assign(problems_.size(), {});
  constraint_counts_.clear();
  for (const auto& p : problems_) constraint_counts_.push_back(p.view->constraints().size());
  // The velocity scales: f over the span, so on a problem plugin in a child
  // (10 s: a thousand calls of f); a fault there is the problem's, and none of
  // its runs is started.
  velocity_scales_.assign(problems_.size(), 1.0);
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    const AuditProblem& p = problems_[i];
    if (p.untrusted.empty()) {
      velocity_scales_[i] = velocity_scale(p);
      continue;
    }
    const ChildResult c = run_in_child(
        [&] {
          ProblemCallLog log;
          const ScopedProblemCallLog scope(log);
          const double v = velocity_scale(p);
          // A NaN the problem made, or a field past the sane scale (issue 45).
          const bool bad = log.non_finite || log.huge_f;
          const std::string why = log.non_finite ? problem_non_finite_cause(p.untrusted, log)
                                                 : problem_overflow_cause(p.untrusted, log);
          return child_value(bad, why, v);
        },
        10.0, problem_plugin_child_limits());
    bool non_finite = false, read = false;
    std::string why;
    double v = 0;
    if (c.status == RunStatus::ok) {
      try {
        read_child_value(c.payload, non_finite, why, v);
        read = true;
      } catch (const std::exception&) {
        // Unreadable: the cause below, as for a child that failed.
      }
    }
    if (read) {
      if (!non_finite) {
        velocity_scales_[i] = v;
        if (std::isfinite(v)) continue;
      }
      problem_fault_reason_[i] = "sampling f(t, x0) over the span (the velocity scale): " +
                                 (non_finite ? why : p.untrusted + ": a non-finite scale");
      continue;
    }
    const std::string cause = problem_fault_cause(p.untrusted, c);
    problem_fault_reason_[i] = "sampling f(t, x0) over the span (the velocity scale): " +
                               (cause.empty() ? p.untrusted + ": " + describe(c) : cause);
  }
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    const AuditProblem& p = problems_[i];
    for (const auto& s : problem_fault_reason_[i].empty() ? starts_of(i) : std::vector<PerturbedStart>{{0, p.x0}}) {
      AuditProblem q = p;
      q.x0 = s.x0;
      q.parameters += s.tag();
      starts_[i].push_back(std::move(q));
      start_sizes_[i].push_back(s.size);
    }
  }
}

// Only the runs some check of the list needs (Check::needs).
bool AuditSession::needs(RunKind k) const {
  for (const auto& c : opt_.checks)
    if (c.needs & unsigned(k)) return true;
  return false;
}

// The ladders (checks 1-3), the reference scheme's ladder on the first
// problem (check 6), the large steps from every start (check 4), and the
// consistency probes (check 5): those some check of the list needs.
void AuditSession::plan_runs() {
  reference_ = catalog_scheme_factory(parse_scheme_spec(opt_.reference_scheme));
  reference_name_ = reference_()->name();
  auto ladder_of = [&](const AuditProblem& p) -> const StepLadder& { return p.ladder ? *p.ladder : th_.ladder; };
  // A problem's rungs (each measured over grid phases where it has events:
  // AuditThresholds::phases). A problem plugin's rungs stop at its h_floor, the cost rule's
  // (studies/runs/problem_plugin.hpp): no run on it beyond 1e8 steps x dim().
  auto rungs_of = [&](AuditProblem& p) {
    std::vector<std::int64_t> rungs;
    std::int64_t dropped = 0;
    for (auto n : ladder_of(p).step_counts(p.t_end - p.t0)) {
      const auto m = n;
      if (!p.untrusted.empty() && p.h_floor > 0 && (p.t_end - p.t0) / double(m) < p.h_floor) {
        ++dropped;
        continue;
      }
      if (rungs.empty() || m > rungs.back()) rungs.push_back(m);
    }
    if (dropped > 0)
      p.notes += fmt::format("; its ladder stops at h = {:.3g} ({} rungs finer left out): dim() = {} makes a finer "
                             "run cost more than 1e8 component-steps (steps x dim), the rule for a problem plugin",
                             rungs.empty() ? 0.0 : (p.t_end - p.t0) / double(rungs.back()), dropped, p.x0.size());
    return rungs;
  };
  if (needs(RunKind::ladder))
    for (std::size_t i = 0; i < problems_.size(); ++i)
      for (auto n : rungs_of(problems_[i])) tasks_.push_back({i, n, false});
  if (needs(RunKind::reference_ladder))
    for (auto n : rungs_of(problems_[0])) tasks_.push_back({0, n, true});
  n_ladder_ = tasks_.size();
  for (std::size_t i = 0; i < problems_.size() && needs(RunKind::large_step); ++i) {
    const double span = problems_[i].t_end - problems_[i].t0;
    std::int64_t last = 0;
    for (int k = 0; k <= th_.large_step_halvings; ++k) {
      const auto n =
          std::max<std::int64_t>(1, std::llround(std::ceil(span / (problems_[i].time_scale / std::ldexp(1.0, k)))));
      const bool too_costly = !problems_[i].untrusted.empty() && span / double(n) < problems_[i].h_floor;
      if (n != last && !too_costly)
        for (std::size_t s = 0; s < starts_[i].size(); ++s) tasks_.push_back({i, n, false, s});
      last = n;
    }
  }
  std::vector<double> probe_h;
  const auto& L = th_.probe_ladder;
  for (int k = 0; k < L.points; ++k)
    probe_h.push_back(L.points == 1 ? L.h_max : L.h_max * std::pow(L.h_min / L.h_max, double(k) / (L.points - 1)));
  for (std::size_t i = 0; i < problems_.size() && needs(RunKind::probe); ++i)
    if (problems_[i].project)
      for (double h : probe_h) probes_.emplace_back(i, h);
}

}  // namespace sweepcheck::audit_detail

#pragma once
// What the diagnosis measures of the traced runs (audit_trace.hpp) of one
// problem, before any word is said about it (diagnosis.hpp): when a step
// queries f and S (the time stencil, fitted against h), and how often each
// constraint is looked at (the coverage). audit.json always holds both.
#include <cstdint>
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/audit/diagnosis/law_fit.hpp"

namespace sweepcheck {

// Two fractions c of the step (t_q = t_k + c h) this close are the same c.
inline constexpr double kStencilSameFraction = 1e-6;

// When a step from t_k with step h queries f (of = "f") or the set (of = "S"),
// measured over the traced runs of one problem.
struct StencilLaw {
  std::string of;       // "f" or "S"
  std::string problem;  // "sliding d=3 C=10 alpha=0.19635"
  // "fixed": t_k + c h with the same c at every step and every h (c listed);
  // "frozen": the same times whatever t_k (listed in `frozen_at`);
  // "h-dependent": the same number of queries a step, but c changes with h
  //   (each slot's fitted law t_q − t_k = a h + b h^q in `laws`);
  // "clock": c changes from step to step, but every slot's time is one clock
  //   t_q = a t_k + beta h + b with a != 1, fitted to round-off (`clocks`,
  //   law_fit.hpp; issue 57): the scheme's time runs at rate a;
  // "irregular": c changes from step to step; "never": not queried at all.
  std::string kind;
  std::vector<double> c;
  std::vector<double> frozen_at;
  struct Law {
    double a = 0, b = 0, q = 0, rms = 0;  // t_q − t_k = a h + b h^q, rms residual
  };
  std::vector<Law> laws;
  std::vector<ClockLaw> clocks;  // per slot, for kind "clock"
  double c_min = 0, c_max = 0;  // over every query
  bool outside = false;         // some query outside [t_k, t_k + h]
  int runs = 0, steps = 0;      // what it rests on
  std::string law;              // "t_k + 1 h", "t = 0 (frozen)", "t_k + 1 h - 0.5 h^0.5", ...
};

// Per problem: how often the traced runs looked at each constraint.
struct ConstraintCoverage {
  std::string problem;
  int constraints = 0;
  int runs = 0;
  std::vector<int> never;                 // never evaluated nor projected in any run
  std::vector<std::int64_t> evaluations;  // per constraint, over every run
  std::vector<std::int64_t> projections;  // per constraint: projections that moved the point
  std::int64_t project_calls = 0;
  int carrier = -1;        // the constraint with the largest violation in the finest traced run
  double carrier_violation = 0;
};

// --- the measured stencil and coverage (from the traced runs of one problem) ---
StencilLaw fit_stencil(const std::string& of, const std::string& problem, const std::vector<TraceRun>& runs);
// t_q − t_k = a h + b h^q fitted to (h_i, offset_i): q on a grid over [0, 3]
// (q = 1 excluded: it is a), (a, b) by least squares at each q.
StencilLaw::Law fit_offset_law(const std::vector<double>& h, const std::vector<double>& offset);
ConstraintCoverage coverage_of(const std::string& problem, const std::vector<TraceRun>& runs);

}  // namespace sweepcheck

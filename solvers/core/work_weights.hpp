#pragma once
// The cost of a run as one number: a weighted sum of its work counters
// (solvers/core/work.hpp), the x-axis of a work–precision comparison.
//
//   WorkWeights{}                 1·f + 1·constraint evaluations + 1·inner iterations (the default)
//   WorkWeights::paper()          constraint evaluations alone: seed 000, Fig. 8 right,
//                                 the axis the paper's precision–work claims are stated on
//   WorkWeights{.field_evaluations = 10}   an expensive field
//
// Every figure and table that uses a WorkWeights prints describe(), so the
// reader knows which work is on the axis. Not the refinement budget's unit
// (studies/engine/run_row.hpp, work_units()), which stays fixed so a verdict
// does not move with a comparison's weights.
#include <cmath>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck {

struct WorkWeights {
  double field_evaluations = 1;       // per f(t, x) call, counted by the host
  double constraint_evaluations = 1;  // per g_j / d_{S_j} evaluated once
  double projections = 0;             // per projection that moved the point (its evaluation is counted already)
  double inner_iterations = 1;        // per iteration of an inner solver

  // The paper's axis: constraint evaluations alone (seed 000, Fig. 8 right).
  static WorkWeights paper() { return {0, 1, 0, 0}; }

  double of(const Work& w) const {
    return field_evaluations * double(w.field_evaluations) + constraint_evaluations * double(w.constraint_evaluations) +
           projections * double(w.projections) + inner_iterations * double(w.inner_iterations);
  }

  // "1·f + 1·constraint evaluations + 1·inner iterations" (the terms with a
  // non-zero weight), or "constraint evaluations" for paper().
  std::string describe() const {
    const struct {
      double w;
      const char* name;
    } terms[] = {{field_evaluations, "f evaluations"},
                 {constraint_evaluations, "constraint evaluations"},
                 {projections, "projections"},
                 {inner_iterations, "inner iterations"}};
    int nonzero = 0;
    for (const auto& t : terms) nonzero += t.w != 0;
    std::string s;
    for (const auto& t : terms) {
      if (t.w == 0) continue;
      if (!s.empty()) s += " + ";
      if (nonzero > 1 || t.w != 1) s += format_weight(t.w) + "·";
      s += t.name;
    }
    return s;
  }

  // std::invalid_argument naming the weight: each finite and >= 0, not all 0.
  void validate() const {
    const struct {
      double w;
      const char* name;
    } terms[] = {{field_evaluations, "field_evaluations"},
                 {constraint_evaluations, "constraint_evaluations"},
                 {projections, "projections"},
                 {inner_iterations, "inner_iterations"}};
    bool any = false;
    for (const auto& t : terms) {
      if (!(t.w >= 0) || !std::isfinite(t.w))
        throw std::invalid_argument(std::string("WorkWeights: ") + t.name + " must be finite and >= 0 (got " +
                                    format_weight(t.w) + ")");
      any = any || t.w > 0;
    }
    if (!any) throw std::invalid_argument("WorkWeights: at least one weight must be > 0 (all are 0)");
  }

 private:
  static std::string format_weight(double w) {
    std::string s = std::to_string(w);  // "%f": trailing zeros trimmed below
    if (s.find('.') != std::string::npos) {
      while (!s.empty() && s.back() == '0') s.pop_back();
      if (!s.empty() && s.back() == '.') s.pop_back();
    }
    return s;
  }
};

}  // namespace sweepcheck

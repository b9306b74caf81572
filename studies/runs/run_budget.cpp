#include "studies/runs/run_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sweepcheck/solvers/core/resource_limits.hpp"

namespace sweepcheck {

void RunBudgetOptions::validate() const {
  auto need = [](bool ok, const char* field, double v, const char* rule) {
    if (!ok) throw std::invalid_argument(fmt::format("RunBudgetOptions: {} = {} must be {}", field, v, rule));
  };
  need(fixed_limit >= 0 && fixed_limit <= kMaxRunTimeoutSeconds, "fixed_limit", fixed_limit,
       "a number of seconds in [0, 604800] (0: automatic; at most 7 days, solvers/core/resource_limits.hpp)");
  need(size_base > 0 && std::isfinite(size_base), "size_base", size_base, "> 0");
  need(size_per_evaluation >= 0 && std::isfinite(size_per_evaluation), "size_per_evaluation", size_per_evaluation,
       ">= 0");
  need(measured_factor >= 1 && std::isfinite(measured_factor), "measured_factor", measured_factor, ">= 1");
  need(measured_floor > 0 && std::isfinite(measured_floor), "measured_floor", measured_floor, "> 0");
  need(max_timeouts >= 1, "max_timeouts", max_timeouts, ">= 1");
  need(max_crashes >= 1, "max_crashes", max_crashes, ">= 1");
}

RunBudget::RunBudget(RunBudgetOptions o) : o_(o) { o_.validate(); }

double RunBudget::unclamped_limit(std::size_t problem, std::int64_t steps, int constraints) const {
  if (o_.fixed_limit > 0) return o_.fixed_limit;
  const double units = double(std::max<std::int64_t>(steps, 1)) * double(constraints + 1);
  const double size_rule = o_.size_base + o_.size_per_evaluation * units;
  std::lock_guard lock(mutex_);
  // 1. A finished run of this plugin on this problem: its time per step,
  // scaled to this run's steps. It may exceed the size rule (a slow but
  // honest plugin is not killed) or fall far below it (a hang is found sooner).
  if (const auto it = largest_.find(problem); it != largest_.end()) {
    const double per_step = it->second.seconds / double(std::max<std::int64_t>(it->second.steps, 1));
    return std::max(o_.measured_floor, o_.measured_factor * per_step * double(std::max<std::int64_t>(steps, 1)));
  }
  // 2. Finished runs on other problems only: their dearest cost per
  // constraint evaluation of a sweep, never above the size rule.
  if (measured_ > 0) return std::min(size_rule, std::max(o_.measured_floor, o_.measured_factor * per_unit_ * units));
  // 3. Nothing measured yet: the size rule.
  return size_rule;
}

double RunBudget::time_limit(std::size_t problem, std::int64_t steps, int constraints) const {
  // Never past the clock's range: a limit of 1e10 s would overflow it.
  return std::min(unclamped_limit(problem, steps, constraints), kMaxRunTimeoutSeconds);
}

void RunBudget::record(std::size_t problem, std::int64_t steps, int constraints, RunStatus status, double seconds) {
  std::lock_guard lock(mutex_);
  if (status == RunStatus::timed_out) {
    ++timeouts_;
    return;
  }
  if (status == RunStatus::crashed || status == RunStatus::threw) {
    ++crashes_;
    return;
  }
  if (status == RunStatus::not_run) return;
  // Finished: the plugin's code ran to an answer (ok, or a numerical
  // verdict: diverged, NaN returned). Only a run that reached t_end is a
  // measurement of its time per step.
  ++finished_;
  if (ended_early(status)) return;
  ++measured_;
  Measured& m = largest_[problem];
  if (steps >= m.steps) m = {steps, seconds};
  per_unit_ = std::max(per_unit_, seconds / (double(std::max<std::int64_t>(steps, 1)) * double(constraints + 1)));
}

std::optional<std::string> RunBudget::refusal() const {
  std::lock_guard lock(mutex_);
  if (timeouts_ >= o_.max_timeouts)
    return fmt::format("the plugin hangs: {} of its runs exceeded their time limits, so its remaining runs were not "
                       "started (hang budget: {})",
                       timeouts_, o_.max_timeouts);
  if (finished_ == 0 && crashes_ >= o_.max_crashes)
    return fmt::format("the plugin crashes on every run: its first {} runs crashed or threw and none finished, so "
                       "its remaining runs were not started (crash budget: {})",
                       crashes_, o_.max_crashes);
  return std::nullopt;
}

}  // namespace sweepcheck

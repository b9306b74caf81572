#include "sweepcheck/steps.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sweepcheck/studies/engine/step_ladder.hpp"
#include "sweepcheck/studies/engine/step_list.hpp"

namespace sweepcheck {

Steps Steps::counts(std::vector<std::int64_t> n) {
  Steps s;
  s.kind_ = Kind::counts;
  s.n_ = std::move(n);
  s.validate();
  return s;
}

Steps Steps::sizes(std::vector<double> h) {
  Steps s;
  s.kind_ = Kind::sizes;
  s.h_ = std::move(h);
  s.validate();
  return s;
}

Steps Steps::geometric(double h_max, double h_min, int rungs) {
  Steps s;
  s.kind_ = Kind::geometric;
  s.h_max_ = h_max;
  s.h_min_ = h_min;
  s.rungs_ = rungs;
  s.validate();
  return s;
}

Steps Steps::geometric_counts(std::int64_t n_min, std::int64_t n_max, int rungs) {
  Steps s;
  s.kind_ = Kind::geometric_counts;
  s.n_min_ = n_min;
  s.n_max_ = n_max;
  s.rungs_ = rungs;
  s.validate();
  return s;
}

void Steps::validate() const {
  auto bad = [](const std::string& what) { throw std::invalid_argument("steps: " + what); };
  switch (kind_) {
    case Kind::counts:
      if (n_.size() < 2) bad(fmt::format("give at least two step counts (got {})", n_.size()));
      for (auto n : n_)
        if (n < 1) bad(fmt::format("every step count n must be >= 1 (got {})", n));
      break;
    case Kind::sizes:
      if (h_.size() < 2) bad(fmt::format("give at least two step sizes (got {})", h_.size()));
      for (double h : h_)
        if (!(h > 0) || !std::isfinite(h)) bad(fmt::format("every h must be > 0 and finite (got {:.6g})", h));
      break;
    case Kind::geometric:
      if (rungs_ < 2) bad(fmt::format("a geometric ladder needs at least 2 rungs (got {})", rungs_));
      StepLadder{h_max_, h_min_, rungs_}.validate();
      break;
    case Kind::geometric_counts:
      if (rungs_ < 2) bad(fmt::format("a geometric ladder needs at least 2 rungs (got {})", rungs_));
      if (n_min_ < 1) bad(fmt::format("n_min must be >= 1 (got {})", n_min_));
      if (n_max_ <= n_min_) bad(fmt::format("n_max must be > n_min (got n_min = {}, n_max = {})", n_min_, n_max_));
      break;
  }
}

std::vector<std::int64_t> Steps::step_counts(double span) const {
  validate();
  if (!(span > 0) || !std::isfinite(span))
    throw std::invalid_argument(fmt::format("steps: the time span T must be > 0 and finite (got {:.6g})", span));
  std::vector<std::int64_t> n;
  switch (kind_) {
    case Kind::counts: n = n_; break;
    case Kind::sizes:
      for (double h : h_) n.push_back(steps_for(span, h));
      break;
    case Kind::geometric: n = StepLadder{h_max_, h_min_, rungs_}.step_counts(span); break;
    case Kind::geometric_counts:
      for (int i = 0; i < rungs_; ++i) {
        const double s = double(i) / double(rungs_ - 1);
        n.push_back(std::llround(double(n_min_) * std::pow(double(n_max_) / double(n_min_), s)));
      }
      break;
  }
  std::sort(n.begin(), n.end());
  n.erase(std::unique(n.begin(), n.end()), n.end());
  if (n.size() < 2)
    throw std::invalid_argument(fmt::format("steps: {} gives fewer than two distinct step counts on T = {:.6g}",
                                            describe(), span));
  return n;
}

std::string Steps::describe() const {
  switch (kind_) {
    case Kind::counts: return fmt::format("step counts n = {} (h = T/n)", fmt::join(n_, ", "));
    case Kind::sizes: return fmt::format("step sizes h = {}", fmt::join(h_, ", "));
    case Kind::geometric: return fmt::format("{} rungs geometric in h from {:g} to {:g}", rungs_, h_max_, h_min_);
    case Kind::geometric_counts:
      return fmt::format("{} rungs, n geometric from {} to {} (h = T/n)", rungs_, n_min_, n_max_);
  }
  return "?";
}

}  // namespace sweepcheck

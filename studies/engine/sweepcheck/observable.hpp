#pragma once
// A quantity of interest g(t, x) ↦ value, judged by the same rule as the
// state norms (ConvergenceOptions::observables): its error on a run is
//
//   e_g = max_k |g(t_k, x_k) − g(t_k, x(t_k))|      (over the grid, k = 0..N)
//
// with x(t) the reference. A component (x[0]), an energy (x·x / 2), a
// constraint residual (the distance to S(t)), a signed gap: any function of
// the time and the state. Its noise floor is n ε (max_k |g(t_k, x_k)| + 1)
// (fit_order.md, step 2, with |g| for the state's scale), or the run's own
// floor when that is larger.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

struct Observable {
  std::string name;  // how the result and its messages call it; not "uniform" or "final-time"
  std::function<double(double t, const Vec<double>& x)> value;
};

// The errors of every observable on one run, streaming (obs(k, t_k, x_k)).
template <class Reference>
class ObservableErrors {
 public:
  ObservableErrors(const std::vector<Observable>& g, const Reference& reference)
      : g_(g), ref_(reference), error_(g.size(), 0.0), scale_(g.size(), 0.0) {}

  void operator()(std::int64_t, const double& t, const Vec<double>& x) {
    if (g_.empty()) return;
    const Vec<double> xr = ref_(t);
    for (std::size_t i = 0; i < g_.size(); ++i) {
      const double v = g_[i].value(t, x);
      const double e = std::abs(v - g_[i].value(t, xr));
      // NaN propagates: a non-finite observable makes the point unusable.
      error_[i] = std::isnan(e) || std::isnan(error_[i]) ? std::numeric_limits<double>::quiet_NaN() : std::max(error_[i], e);
      scale_[i] = std::max(scale_[i], std::abs(v));
    }
  }

  const std::vector<double>& errors() const { return error_; }
  // n ε (max |g| + 1), the observable's round-off level after n steps.
  double noise_floor(std::size_t i, std::int64_t n) const {
    return double(n) * std::numeric_limits<double>::epsilon() * (scale_[i] + 1);
  }

 private:
  const std::vector<Observable>& g_;
  const Reference& ref_;
  std::vector<double> error_, scale_;
};

}  // namespace sweepcheck

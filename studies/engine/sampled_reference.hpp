#pragma once
// A reference trajectory known only at sample times τ_0 < ... < τ_M (e.g. a
// fine PNGS run stored every Δ), and the error measured against it:
//   e = max_i |x_h(τ_i) − x_ref(τ_i)|,
// x_h the piecewise-linear interpolant of the scheme's grid values. It
// replaces the dense uniform error where no exact solution exists, without
// interpolating the reference (whose velocity jumps at contacts would put an
// O(Δ) interpolation error into every number).
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct SampledReference {
  std::vector<T> times;        // ascending
  std::vector<Vec<T>> states;  // x_ref(times[i])

  const std::vector<T>& sample_times() const { return times; }
  void validate() const {
    if (times.empty() || times.size() != states.size())
      throw std::invalid_argument("SampledReference: needs as many states as times, at least one");
    for (std::size_t i = 1; i < times.size(); ++i)
      if (!(times[i] > times[i - 1])) throw std::invalid_argument("SampledReference: times must increase");
  }
};

// Observer obs(k, t_k, x_k) computing the sampled error; uniform_error() and
// grid_error() both return it (the row's columns keep their names).
template <class T>
class SampledErrorObserver {
 public:
  explicit SampledErrorObserver(const SampledReference<T>& ref) : ref_(ref) { ref_.validate(); }

  void operator()(std::int64_t k, const T& t, const Vec<T>& x) {
    using std::abs;
    using std::max;
    const T tol = T(64) * epsilon<T>() * (T(1) + abs(t));
    while (next_ < ref_.times.size() && ref_.times[next_] <= t + tol) {
      const T tau = ref_.times[next_];
      Vec<T> xi = x;
      if (k > 0 && tau < t - tol) {
        const T s = (tau - t_prev_) / (t - t_prev_);
        xi = x_prev_ + s * (x - x_prev_);
      }
      final_ = (xi - ref_.states[next_]).norm();
      error_ = max(error_, final_);
      ++next_;
    }
    t_prev_ = t;
    x_prev_ = x;
  }

  T uniform_error() const { return error_; }
  T grid_error() const { return error_; }
  T final_error() const { return final_; }  // at the last sample time seen (T, once the run is complete)
  std::size_t samples_seen() const { return next_; }

 private:
  const SampledReference<T>& ref_;
  std::size_t next_ = 0;
  T t_prev_{0};
  Vec<T> x_prev_;
  T error_{0};
  T final_{0};
};

}  // namespace sweepcheck

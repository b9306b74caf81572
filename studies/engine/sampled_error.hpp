#pragma once
// The error of seed 001, (24): e_h = max_{i=1..m} |q_ref(t_i) − q_h(t_i)| at
// m equally spaced times t_i = t0 + i (T − t0)/m. q_h(t) is the continuous
// piecewise-linear interpolant of the grid values (seed 001's q^n, Section
// 3), so a sample time need not be a grid time (e.g. t = 1 with h = 0.08).
// SampleRecorder is a streaming observer obs(k, t_k, x_k) that records
// q_h(t_i); the error is then the largest distance of two recordings.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

// t_i = t0 + i (t_end − t0)/m, i = 1..m (seed 001: m = 10).
inline std::vector<double> equally_spaced_samples(double t0, double t_end, int m) {
  if (m < 1) throw std::invalid_argument("sample times: need at least one sample");
  if (!(t_end > t0)) throw std::invalid_argument("sample times: t_end must be > t0");
  std::vector<double> t;
  for (int i = 1; i <= m; ++i) t.push_back(i == m ? t_end : t0 + double(i) * (t_end - t0) / double(m));
  return t;
}

template <class T>
class SampleRecorder {
 public:
  explicit SampleRecorder(std::vector<double> times) : times_(std::move(times)) {
    for (std::size_t i = 1; i < times_.size(); ++i)
      if (!(times_[i] > times_[i - 1])) throw std::invalid_argument("SampleRecorder: sample times must increase");
  }

  void operator()(std::int64_t k, const T& t, const Vec<T>& x) {
    while (next_ < times_.size()) {
      const T s(times_[next_]);
      if (s == t) {
        samples_.push_back(x);
      } else if (k > 0 && s > t_prev_ && s < t) {
        samples_.push_back(x_prev_ + ((s - t_prev_) / (t - t_prev_)) * (x - x_prev_));
      } else {
        break;
      }
      ++next_;
    }
    t_prev_ = t;
    x_prev_ = x;
  }

  bool complete() const { return samples_.size() == times_.size(); }
  const std::vector<Vec<T>>& samples() const { return samples_; }
  const std::vector<double>& times() const { return times_; }

 private:
  std::vector<double> times_;
  std::vector<Vec<T>> samples_;
  std::size_t next_ = 0;
  T t_prev_{0};
  Vec<T> x_prev_;
};

// max_i |a_i − b_i| (seed 001, (24)); both recordings must be complete.
template <class T>
T max_sample_distance(const std::vector<Vec<T>>& a, const std::vector<Vec<T>>& b) {
  if (a.size() != b.size() || a.empty()) throw std::invalid_argument("max_sample_distance: recordings differ in length");
  using std::max;
  T e(0);
  for (std::size_t i = 0; i < a.size(); ++i) e = max(e, (a[i] - b[i]).norm());
  return e;
}

}  // namespace sweepcheck

// UniformErrorObserver (studies/engine/error_observers.hpp): the uniform error
// is the largest distance over every step's points, as the plain definition
// computes it, bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"

namespace sweepcheck {
namespace {

// max over k and i of ‖x_h(t) − x(t)‖ at t = t_(k−1) + (i/m)(t_k − t_(k−1)), one norm() per point.
template <class T>
T uniform_by_definition(const std::vector<T>& ts, const std::vector<Vec<T>>& xs,
                        const std::function<Vec<T>(T)>& exact, int m) {
  using std::max;
  T best = (xs[0] - exact(ts[0])).norm();
  for (std::size_t k = 1; k < ts.size(); ++k)
    for (int i = 1; i <= m; ++i) {
      const T s = T(i) / T(m);
      const Vec<T> xi = i == m ? xs[k] : Vec<T>(xs[k - 1] + s * (xs[k] - xs[k - 1]));
      const T ti = i == m ? ts[k] : ts[k - 1] + s * (ts[k] - ts[k - 1]);
      best = max(best, (xi - exact(ti)).norm());
    }
  return best;
}

template <class T>
void check_random_trajectories(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const std::function<Vec<T>(T)> exact = [](T t) {
    using std::cos;
    using std::sin;
    Vec<T> x(3);
    x << sin(3 * t), cos(2 * t), t * t;
    return x;
  };
  for (int trial = 0; trial < 50; ++trial) {
    const int steps = 3 + trial % 17, m = 1 + trial % 9;
    std::vector<T> ts;
    std::vector<Vec<T>> xs;
    for (int k = 0; k <= steps; ++k) {
      ts.push_back(T(k) / T(steps));
      Vec<T> x = exact(ts.back());
      for (Eigen::Index j = 0; j < x.size(); ++j) x[j] += T(std::ldexp(u(rng), -(trial % 40)));
      xs.push_back(x);
    }
    UniformErrorObserver<T, const std::function<Vec<T>(T)>&> observer(exact, m);
    for (int k = 0; k <= steps; ++k) observer(k, ts[std::size_t(k)], xs[std::size_t(k)]);
    EXPECT_EQ(observer.uniform_error(), uniform_by_definition(ts, xs, exact, m)) << "trial " << trial;
  }
}

TEST(UniformErrorObserver, TheUniformErrorIsTheLargestDistanceOverTheStepsPointsBitForBit) {
  check_random_trajectories<double>(7);
  check_random_trajectories<Float50>(8);
}

// A point where the distance is NaN is passed over by both (std::max keeps
// its first argument when a comparison with NaN is false), an infinite one is
// the error.
TEST(UniformErrorObserver, ANaNPointIsPassedOverAndAnInfiniteOneIsTheError) {
  const std::function<Vec<double>(double)> zero = [](double) { return Vec<double>::Zero(2); };
  UniformErrorObserver<double, const std::function<Vec<double>(double)>&> nan_run(zero, 4), inf_run(zero, 4);
  Vec<double> a(2), b(2);
  a << 1, 0;
  b << std::numeric_limits<double>::quiet_NaN(), 0;
  nan_run(0, 0.0, a);
  nan_run(1, 0.5, b);
  EXPECT_EQ(nan_run.uniform_error(), 1.0);
  b << std::numeric_limits<double>::infinity(), 0;
  inf_run(0, 0.0, a);
  inf_run(1, 0.5, b);
  EXPECT_EQ(inf_run.uniform_error(), std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace sweepcheck

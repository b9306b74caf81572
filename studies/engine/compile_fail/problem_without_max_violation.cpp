// A user's problem whose set has no max_violation, passed to check_convergence
// (studies/engine/compile_fail/check_compile_fails.cmake): it must fail to
// compile with one message naming the member, at this call. Built with
// -DWITH_MAX_VIOLATION the same file compiles (the negative control: nothing
// else is wrong with it).
#include <sweepcheck/problem_and_scheme.hpp>
#include <sweepcheck/testing.hpp>

#include <algorithm>
#include <string>

struct WallSet {
  double distance(double, const sweepcheck::Vec<double>& x) const { return std::max(0.0, x[0] - 1.0); }
#ifdef WITH_MAX_VIOLATION
  double max_violation(double t, const sweepcheck::Vec<double>& x) const { return distance(t, x); }
#endif
};

struct MyProblem {
  using Scalar = double;
  WallSet set;
  int dim() const { return 1; }
  sweepcheck::Vec<double> f(double, const sweepcheck::Vec<double>& x) const { return -x; }
  const WallSet& constraints() const { return set; }
  sweepcheck::Vec<double> x0() const { return sweepcheck::Vec<double>::Zero(1); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "my-problem"; }
  sweepcheck::Vec<double> exact(double) const { return sweepcheck::Vec<double>::Zero(1); }
};

struct MyEuler {
  template <class P>
  sweepcheck::StepStatus step(const P& p, double t, const sweepcheck::Vec<double>& x, double h,
                              sweepcheck::Vec<double>& out, sweepcheck::Work&) const {
    out = x + h * p.f(t, x);
    return sweepcheck::StepStatus::ok;
  }
};

int main() {
  const auto r = sweepcheck::check_convergence(MyProblem{}, MyEuler{}, sweepcheck::OrderClaim::at_least(1));  // THE USER'S CALL
  return r.passed() ? 0 : 1;
}

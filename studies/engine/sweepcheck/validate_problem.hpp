#pragma once
// Is my problem what it says it is? The validation `sweepcheck study` and
// `sweepcheck audit` apply to a problem plugin before trusting it
// (solvers/plugin/problem_validation.hpp: exact(t0) = x0, f(t0, x0) finite, and at
// sampled points near S: project lands in S_j and is idempotent, distance is
// |x - P_j(x)| and 0 exactly where value >= 0, gradient matches finite
// differences of value), for a user's own problem in a user's own test:
//
//     #include <sweepcheck/validate_problem.hpp>
//     EXPECT_TRUE(sweepcheck::problem_violations(MyProblem{}).empty());
//
// Each violation is one sentence naming the property. A problem a
// convergence check runs on is then known not to blame a scheme for its own
// wrong projection or exact solution (issue 37).
#include <span>
#include <string>
#include <vector>

#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/plugin/problem_validation.hpp"

namespace sweepcheck {

// Every property of solvers/plugin/problem_validation.hpp the problem breaks (empty:
// none). A problem without an exact solution is checked for the rest.
template <Problem P>
  requires std::same_as<typename P::Scalar, double>
std::vector<std::string> problem_violations(const P& problem, double time_scale = 1.0) {
  const ProblemViewOf<P> view(problem);
  const Vec<double> x0 = problem.x0();
  ProblemUnderValidation p{view,
                           double(problem.t0()),
                           double(problem.t_end()),
                           std::span<const double>(x0.data(), std::size_t(x0.size())),
                           {},
                           time_scale};
  if constexpr (HasExactSolution<P>)
    p.exact = [&problem](double t, std::span<double> out) {
      const Vec<double> x = problem.exact(t);
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = x[static_cast<Eigen::Index>(i)];
      return true;
    };
  return problem_violations(p);
}

}  // namespace sweepcheck

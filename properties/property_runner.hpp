#pragma once
// Runs one property with rapidcheck under a fixed case count and seed, and
// collects the statistics of a PropertyOutcome.
//
// A property is written as "lhs <= rhs" evaluated in any scalar. Each case is
// evaluated in double; a double violation is re-evaluated in Float50 from the
// same input: if it holds there, it is counted as round-off only and the case
// passes; if it fails there too, it is a real violation and rapidcheck
// shrinks it to a small counterexample.
#include <rapidcheck.h>

#include <cmath>
#include <cstdlib>
#include <unordered_map>
#include <functional>
#include <sstream>

#include "properties/property_outcome.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

namespace sweepcheck {

template <class T>
struct Inequality {
  bool in_region = true;  // the theorem's assumptions hold and the statement is not vacuous
  T lhs{0};
  T rhs{0};
  T slack{0};  // absolute round-off allowance in this scalar (e.g. a few ulps of the data's scale)
  // Property-specific observed quantity (e.g. a ratio whose extreme is the
  // observed constant); NaN when not used.
  double observed = std::numeric_limits<double>::quiet_NaN();
  std::string note;  // what was compared, for counterexample messages
};

enum class Extreme { max, min };

// A listener that records nothing: rapidcheck's global listener would list
// the negative controls' intended failures as "properties had failures" at
// exit. Our outcome carries the result and the counterexample instead.
class QuietListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// `evaluate` is a generic callable: evaluate(case, T{}) -> Inequality<T> for
// T = double and T = Float50.
template <class Case, class Evaluate>
void run_property(PropertyOutcome& out, const PropertyConfig& cfg, const rc::Gen<Case>& gen, Evaluate evaluate,
                  Extreme observed_extreme = Extreme::max) {
  cfg.validate();
  auto holds = [](const auto& r) { return !r.in_region || r.lhs <= r.rhs + r.slack; };
  auto property = [&] {
    const Case c = *gen;
    ++out.cases;
    const Inequality<double> d = evaluate(c, double{});
    if (!d.in_region) return;
    ++out.in_region;
    if (d.rhs > 0 && std::isfinite(d.lhs)) out.worst_ratio = std::max(out.worst_ratio, d.lhs / d.rhs);
    if (!std::isnan(d.observed)) {
      if (std::isnan(out.observed_constant)) out.observed_constant = d.observed;
      out.observed_constant = observed_extreme == Extreme::max ? std::max(out.observed_constant, d.observed)
                                                               : std::min(out.observed_constant, d.observed);
    }
    if (holds(d)) return;
    const Inequality<Float50> m = evaluate(c, Float50{});
    if (holds(m)) {
      ++out.roundoff_only;
      return;
    }
    ++out.failures;
    std::ostringstream msg;
    msg << d.note << ": lhs " << static_cast<double>(m.lhs) << " > rhs " << static_cast<double>(m.rhs)
        << " (confirmed in 50-digit arithmetic)";
    RC_FAIL(msg.str());
  };
  rc::detail::TestParams params;
  params.seed = cfg.seed;
  params.maxSuccess = cfg.cases;
  params.maxDiscardRatio = 10;
  rc::detail::TestMetadata meta;
  meta.id = out.id;
  meta.description = out.statement;
  QuietListener listener;
  // The overload with an explicit reproduce map never loads rapidcheck's
  // global configuration (RC_PARAMS), which would announce a seed other than
  // cfg.seed; the run is reproduced from (cfg.seed, cfg.cases), printed with
  // any counterexample. No environment variable is touched.
  const std::unordered_map<std::string, rc::detail::Reproduce> no_reproduce;
  const auto result =
      rc::detail::checkProperty(rc::detail::toProperty(property), meta, params, listener, no_reproduce);
  out.passed = result.template is<rc::detail::SuccessResult>();
  if (cfg.print || !out.passed) {
    std::ostringstream msg;
    rc::detail::printResultMessage(result, msg);
    out.counterexample = out.passed ? "" : msg.str() + "\n(seed " + std::to_string(cfg.seed) + ", " +
                                                   std::to_string(cfg.cases) + " cases)";
    if (cfg.print) std::cerr << "- " << out.id << ": " << msg.str() << "\n";
  }
}

}  // namespace sweepcheck

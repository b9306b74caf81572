// The state f is evaluated at (state_stencil.hpp).
#include "studies/audit/diagnosis/state_stencil.hpp"

#include "studies/audit/diagnosis/diagnosis_words.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace sweepcheck {

StateStencil state_stencil_of(const std::string& problem, const std::vector<TraceRun>& runs) {
  StateStencil s;
  s.problem = problem;
  bool shared = true;
  std::int64_t first = -1;
  for (const auto& r : runs)
    for (std::size_t k = 2; k < r.f_state_lag.size(); ++k) {
      const std::int64_t lag = r.f_state_lag[k];
      if (lag < 0) continue;  // no f call, or only intermediate states
      ++s.read;
      if (lag == std::int64_t(k)) ++s.at_start;
      if (first < 0) first = lag;
      shared = shared && lag == first;
    }
  s.lag = shared ? first : -1;
  return s;
}

std::vector<Finding> state_stencil_findings(const std::vector<StateStencil>& stencils) {
  // Group the problems by what is said of them: "x0" or "lag d".
  std::vector<std::pair<std::string, std::vector<const StateStencil*>>> groups;
  for (const auto& s : stencils) {
    std::string key;
    if (s.at_start >= 3 && double(s.at_start) >= 0.8 * double(s.read))
      key = "x0";
    else if (s.read >= 3 && s.lag >= 1)
      key = fmt::format("lag {}", s.lag);
    else
      continue;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) groups.push_back({key, {}}), it = groups.end() - 1;
    it->second.push_back(&s);
  }
  std::vector<Finding> out;
  for (const auto& [key, members] : groups) {
    std::vector<std::string> names;
    for (const auto* m : members) names.push_back(m->problem);
    const std::string where = diagnosis_words::on_problems(names, stencils.size());
    if (key == "x0") {
      std::int64_t at = 0, read = 0;
      for (const auto* m : members) at += m->at_start, read += m->read;
      out.push_back(
          {"state stencil",
           fmt::format("f always queried at x = x_0, the run's start, whatever x_k ({} of {} traced steps from k = 2), "
                       "{}: the field is taken at a stale copy of the state, wrong by f(x_0) − f(x_k) wherever f "
                       "depends on x. Where to look: the x passed to f(t, x, out) in the step: a copy of the start "
                       "made once (a member filled on the first call, a captured initial state) where the step's "
                       "own x belongs. Check: step once from x and once from x + e_1 at the same t: the field's "
                       "increment must change where f depends on x.",
                       at, read, where),
           true});
    } else {
      out.push_back({"state stencil",
                     fmt::format("f queried at x_(k-{}) ({} step{} behind), {}: a lag of the state, within the theory "
                                 "by itself: the argument is O(h) away, as a lagged set is.",
                                 members.front()->lag, members.front()->lag, members.front()->lag == 1 ? "" : "s",
                                 where),
                     false});
    }
  }
  return out;
}

}  // namespace sweepcheck

#pragma once
// How a run ended. Recorded in every row; fits use only `ok` rows.
#include <string>

namespace sweepcheck {

enum class RunStatus {
  ok,             // reached t_end, every step converged
  diverged,       // a state became non-finite or blew up (see IntegrateOptions)
  inner_cap_hit,  // reached t_end, but some step's inner solver hit its cap
  infeasible,     // reached t_end, but some step's inner problem had no solution (solvers/work.hpp)
};

inline std::string to_string(RunStatus s) {
  switch (s) {
    case RunStatus::ok: return "ok";
    case RunStatus::diverged: return "diverged";
    case RunStatus::inner_cap_hit: return "inner-cap-hit";
    case RunStatus::infeasible: return "infeasible";
  }
  return "unknown";
}

}  // namespace sweepcheck

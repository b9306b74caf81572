#pragma once
// A schedule as JSON text and back (manufactured.md, "The schedule format").
// to_json writes every field, numbers with the digits that read back to the
// same double, so from_json(to_json(s)) == s; from_json names the field of
// any malformed, missing-typed or unknown entry (std::invalid_argument) and
// validates the result (schedule.hpp, validate).
#include <string>

#include "sweepcheck/analytic/manufactured/schedule.hpp"

namespace sweepcheck::manufactured {

inline constexpr const char* kScheduleFormat = "sweepcheck-manufactured-schedule/1";

std::string to_json(const Schedule& s);
Schedule from_json(const std::string& text);

}  // namespace sweepcheck::manufactured

#pragma once
// rapidcheck's Arbitrary for a manufactured Schedule (issue 56): a property
// over `const sweepcheck::manufactured::Schedule& s` gets drawn schedules,
//
//     RC_GTEST_PROP(MyScheme, ConvergesAtOrderOneOnEveryDrawnProblem, (const manufactured::Schedule& s)) {
//       const auto r = check_convergence(manufactured::ManufacturedProblem<double>(s), MyScheme{}, OrderClaim::at_least(1));
//       RC_ASSERT(r.verdict() == FitVerdict::pass);
//     }
//
// and a failing one shrinks towards a small state (max_dimension towards 2),
// fewer contacts (max_contacts towards 0) and seed 0; it prints as its JSON
// with the seed, so `sweepcheck manufactured`/`audit --manufactured-schedule` replay it.
// Header-only; include it where rapidcheck is linked (the room itself does
// not depend on rapidcheck).
#include <rapidcheck.h>

#include <ostream>

#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"

namespace sweepcheck::manufactured {

// Schedules with dimension in [2, max_dimension] and up to max_contacts contacts per constraint.
inline rc::Gen<Schedule> gen_schedule(int max_dimension = 12, int max_contacts = 3) {
  return rc::gen::map(rc::gen::tuple(rc::gen::arbitrary<std::uint64_t>(), rc::gen::inRange(2, max_dimension + 1),
                                     rc::gen::inRange(0, max_contacts + 1)),
                      [](const std::tuple<std::uint64_t, int, int>& t) {
                        DrawOptions o;
                        o.max_dimension = std::get<1>(t);
                        o.max_contacts = std::get<2>(t);
                        return draw(std::get<0>(t), o);
                      });
}

inline void showValue(const Schedule& s, std::ostream& os) { os << to_json(s); }

}  // namespace sweepcheck::manufactured

namespace rc {
template <>
struct Arbitrary<sweepcheck::manufactured::Schedule> {
  static Gen<sweepcheck::manufactured::Schedule> arbitrary() { return sweepcheck::manufactured::gen_schedule(); }
};
}  // namespace rc

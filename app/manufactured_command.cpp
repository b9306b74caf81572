// `sweepcheck manufactured`: print a manufactured schedule (issue 56;
// analytic/manufactured/manufactured.md) as JSON, to read, edit and give back
// to `sweepcheck audit --manufactured-schedule FILE`:
//
//     sweepcheck manufactured --seed 1 --draw 2     the schedule of draw 2 of --manufactured N --seed 1
//     sweepcheck manufactured --prepared corner     a prepared schedule
//     sweepcheck manufactured --seed 1 --describe   in words instead of JSON
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "app/commands.hpp"
#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"

namespace sweepcheck::app {

namespace {

struct ManufacturedConfig {
  std::uint64_t seed = 1;
  int draw = 0;
  std::string prepared;
  bool describe = false;
};

}  // namespace

void register_manufactured(CLI::App& app) {
  auto cfg = std::make_shared<ManufacturedConfig>();
  auto* cmd = app.add_subcommand("manufactured", "print a manufactured schedule (exact solution for an event schedule) "
                                                 "as JSON (README \"Manufactured problems\")");
  cmd->add_option("--seed", cfg->seed, "the seed, as given to audit --manufactured N --seed S")->capture_default_str();
  cmd->add_option("--draw", cfg->draw, "which draw of that seed (0 to N - 1)")->check(CLI::Range(0, 1000))->capture_default_str();
  cmd->add_option("--prepared", cfg->prepared, "a prepared schedule: landings, corner, crowd-of-pairs, obstacle");
  cmd->add_flag("--describe", cfg->describe, "print the schedule in words instead of JSON");
  cmd->callback([cfg] {
    const manufactured::Schedule s = cfg->prepared.empty()
                                         ? manufactured::draw(manufactured::draw_seed(cfg->seed, cfg->draw))
                                         : manufactured::prepared(cfg->prepared);
    manufactured::ManufacturedProblem<double> check(s);  // its lanes too: what audit would refuse is refused here
    std::cout << (cfg->describe ? manufactured::describe(s) : manufactured::to_json(s));
  });
}

}  // namespace sweepcheck::app

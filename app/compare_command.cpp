// `sweepcheck compare GOLD.csv NEW.csv`: gold-file regression. Parses the
// arguments and composes reports/csv_compare; exit 0 equal, 1 a difference,
// 2 bad input (unreadable or malformed file, unknown column, bad rule).
#include <iostream>

#include "app/commands.hpp"
#include "reports/csv_compare.hpp"

namespace sweepcheck::app {

void register_compare(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("compare", "compare a CSV table against a gold file (exit 1 when something moved)");
  struct Args {
    std::string gold, now;
    std::vector<std::string> keys, tolerances;
    std::string default_rule = "exact";
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("GOLD", a->gold, "the pinned table")->required();
  cmd->add_option("NEW", a->now, "the freshly computed table")->required();
  cmd->add_option("--key", a->keys, "columns that identify a row (default: problem,parameters,scheme,steps, those "
                                    "the gold file has)")
      ->delimiter(',');
  cmd->add_option("--tol", a->tolerances,
                  "COLUMN=RULE, RULE one of exact, ignore, abs:V, rel:V; repeat for more columns (abs and rel on one "
                  "column: either may hold)");
  cmd->add_option("--default-tol", a->default_rule, "rule of the columns --tol does not name")->capture_default_str();
  cmd->callback([a, &exit_code] {
    CompareOptions o;
    o.keys = a->keys;
    for (const auto& t : a->tolerances) add_tolerance(o.tolerances, t);
    std::map<std::string, ColumnTolerance> fallback;
    add_tolerance(fallback, "*=" + a->default_rule);
    o.default_tolerance = fallback["*"];
    const auto result = compare_tables(read_csv_table(a->gold), read_csv_table(a->now), o);
    std::cout << format_comparison(result, a->gold, a->now);
    exit_code = result.equal() ? 0 : 1;
  });
}

}  // namespace sweepcheck::app

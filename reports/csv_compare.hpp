#pragma once
// Gold-file regression (`sweepcheck compare GOLD.csv NEW.csv`): rows are
// matched by key columns, every other column of the gold file is compared
// under its tolerance, and what moved is listed. MOOSE's CSVDiff (absolute and
// relative tolerances per column) and Siconos' .ref files are the models;
// app/gold/README.md says which columns the checked-in gold files compare how.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reports/csv_table.hpp"

namespace sweepcheck {

// A column's rule. Numbers a (gold) and b (new) agree when
//   a and b are the same text (also "inf", "nan"), or
//   |a − b| ≤ abs, or |a − b| ≤ rel · max(|a|, |b|), or |a − b| ≤ the gold
//   row's value in column abs_column (a per-row bound such as noise_floor)
//   (each bound if given).
// Without abs or rel the numbers must be equal; text that is not a number
// must be equal as text. `ignore` skips the column.
struct ColumnTolerance {
  std::optional<double> abs, rel;
  std::optional<std::string> abs_column;
  bool ignore = false;
};

// Parses `COLUMN=RULE` with RULE one of exact, ignore, abs:V, rel:V (V ≥ 0,
// finite), abs-column:NAME. Repeating a column combines its rules (abs and rel: either may
// hold). Throws std::invalid_argument naming the argument and the rule.
void add_tolerance(std::map<std::string, ColumnTolerance>& tolerances, const std::string& spec);

struct CompareOptions {
  std::vector<std::string> keys;  // empty: default_keys(gold)
  std::map<std::string, ColumnTolerance> tolerances;
  ColumnTolerance default_tolerance;  // columns not named: exact
};

// problem, parameters, scheme, steps — those the gold header has (results.csv
// and the gold files); the first column if it has none of them.
std::vector<std::string> default_keys(const CsvTable& gold);

struct CellDifference {
  std::string row;     // the key, "problem=sliding scheme=pbd steps=128"
  std::string column;
  std::string gold, now;
  double abs_diff = 0, rel_diff = 0;  // NaN when a cell is not a number
  std::string rule;                   // the tolerance it broke, "rel:1e-09"
};

struct CompareResult {
  std::vector<std::string> keys;
  std::vector<CellDifference> moved;
  std::vector<std::string> missing_rows;     // in gold, not in new
  std::vector<std::string> extra_rows;       // in new, not in gold
  std::vector<std::string> missing_columns;  // compared gold columns absent from new
  std::vector<std::string> new_columns;      // in new only: reported, not a difference
  int rows_compared = 0, cells_compared = 0;
  bool equal() const { return moved.empty() && missing_rows.empty() && extra_rows.empty() && missing_columns.empty(); }
};

// Throws std::invalid_argument for a key or tolerance column the gold file
// lacks, or a key that names two rows of one file.
CompareResult compare_tables(const CsvTable& gold, const CsvTable& now, const CompareOptions& options);

// The readable diff: one line per difference, then a one-line summary.
std::string format_comparison(const CompareResult& result, const std::string& gold_name, const std::string& new_name);

}  // namespace sweepcheck

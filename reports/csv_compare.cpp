#include "reports/csv_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sweepcheck {

namespace {

std::optional<double> as_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  std::size_t used = 0;
  try {
    const double v = std::stod(s, &used);
    if (used == s.size()) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

std::string rule_text(const ColumnTolerance& t) {
  if (t.ignore) return "ignore";
  std::string s;
  if (t.abs) s += fmt::format("abs:{:g}", *t.abs);
  if (t.rel) s += fmt::format("{}rel:{:g}", s.empty() ? "" : " or ", *t.rel);
  if (t.abs_column) s += fmt::format("{}abs-column:{}", s.empty() ? "" : " or ", *t.abs_column);
  return s.empty() ? "exact" : s;
}

std::string row_key(const CsvTable& t, std::size_t row, const std::vector<int>& key_columns,
                    const std::vector<std::string>& keys) {
  std::string s;
  for (std::size_t k = 0; k < key_columns.size(); ++k)
    s += fmt::format("{}{}={}", k ? " " : "", keys[k], t.rows[row][key_columns[k]]);
  return s;
}

std::vector<int> key_columns_of(const CsvTable& t, const std::vector<std::string>& keys, const std::string& which) {
  std::vector<int> cols;
  for (const auto& k : keys) {
    const int c = t.column(k);
    if (c < 0) throw std::invalid_argument(fmt::format("--key: the {} file has no column '{}'", which, k));
    cols.push_back(c);
  }
  return cols;
}

}  // namespace

void add_tolerance(std::map<std::string, ColumnTolerance>& tolerances, const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0)
    throw std::invalid_argument("--tol '" + spec + "': expected COLUMN=RULE with RULE exact, ignore, abs:V or rel:V");
  const std::string column = spec.substr(0, eq), rule = spec.substr(eq + 1);
  ColumnTolerance& t = tolerances[column];
  if (rule == "ignore") {
    t.ignore = true;
    return;
  }
  if (rule == "exact") return;
  if (rule.rfind("abs-column:", 0) == 0 && rule.size() > 11) {
    t.abs_column = rule.substr(11);
    return;
  }
  const auto colon = rule.find(':');
  const std::string kind = rule.substr(0, colon);
  if (colon == std::string::npos || (kind != "abs" && kind != "rel"))
    throw std::invalid_argument("--tol '" + spec + "': rule '" + rule + "' is not exact, ignore, abs:V, rel:V or abs-column:NAME");
  const auto v = as_number(rule.substr(colon + 1));
  if (!v || !std::isfinite(*v) || *v < 0)
    throw std::invalid_argument("--tol '" + spec + "': the bound '" + rule.substr(colon + 1) +
                                "' must be a finite number >= 0");
  (kind == "abs" ? t.abs : t.rel) = *v;
}

std::vector<std::string> default_keys(const CsvTable& gold) {
  std::vector<std::string> keys;
  for (const char* k : {"problem", "parameters", "scheme", "steps"})
    if (gold.column(k) >= 0) keys.push_back(k);
  if (keys.empty() && !gold.header.empty()) keys.push_back(gold.header.front());
  return keys;
}

CompareResult compare_tables(const CsvTable& gold, const CsvTable& now, const CompareOptions& options) {
  CompareResult r;
  r.keys = options.keys.empty() ? default_keys(gold) : options.keys;
  for (const auto& [column, tol] : options.tolerances) {
    if (gold.column(column) < 0) throw std::invalid_argument("--tol: the gold file has no column '" + column + "'");
    if (tol.abs_column && gold.column(*tol.abs_column) < 0)
      throw std::invalid_argument("--tol " + column + "=abs-column:" + *tol.abs_column + ": the gold file has no column '" +
                                  *tol.abs_column + "'");
  }
  const auto gold_keys = key_columns_of(gold, r.keys, "gold");
  const auto now_keys = key_columns_of(now, r.keys, "new");

  auto index = [&](const CsvTable& t, const std::vector<int>& cols, const std::string& which) {
    std::map<std::string, std::size_t> rows;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const auto key = row_key(t, i, cols, r.keys);
      if (!rows.emplace(key, i).second)
        throw std::invalid_argument(fmt::format("--key: in the {} file, line {} repeats the key '{}' of line {}; "
                                                "add a key column that tells them apart",
                                                which, t.lines[i], key, t.lines[rows[key]]));
    }
    return rows;
  };
  const auto gold_rows = index(gold, gold_keys, "gold");
  const auto now_rows = index(now, now_keys, "new");

  // Columns compared: every gold column that is not a key and not ignored.
  std::vector<std::pair<int, int>> columns;  // (gold, new)
  std::vector<ColumnTolerance> rules;
  for (std::size_t c = 0; c < gold.header.size(); ++c) {
    const auto& name = gold.header[c];
    if (std::find(r.keys.begin(), r.keys.end(), name) != r.keys.end()) continue;
    const auto it = options.tolerances.find(name);
    const ColumnTolerance tol = it == options.tolerances.end() ? options.default_tolerance : it->second;
    if (tol.ignore) continue;
    const int n = now.column(name);
    if (n < 0) {
      r.missing_columns.push_back(name);
      continue;
    }
    columns.emplace_back(static_cast<int>(c), n);
    rules.push_back(tol);
  }
  for (const auto& name : now.header)
    if (gold.column(name) < 0) r.new_columns.push_back(name);

  for (std::size_t g = 0; g < gold.rows.size(); ++g) {
    const auto key = row_key(gold, g, gold_keys, r.keys);
    const auto it = now_rows.find(key);
    if (it == now_rows.end()) {
      r.missing_rows.push_back(key);
      continue;
    }
    ++r.rows_compared;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const std::string& a = gold.rows[g][columns[c].first];
      const std::string& b = now.rows[it->second][columns[c].second];
      ++r.cells_compared;
      if (a == b) continue;
      const auto x = as_number(a), y = as_number(b);
      const double nan = std::numeric_limits<double>::quiet_NaN();
      CellDifference d{key, gold.header[columns[c].first], a, b, nan, nan, rule_text(rules[c])};
      if (x && y) {
        d.abs_diff = std::abs(*x - *y);
        const double scale = std::max(std::abs(*x), std::abs(*y));
        d.rel_diff = scale > 0 ? d.abs_diff / scale : 0;
        if (*x == *y) continue;  // 1 and 1.0
        const auto& t = rules[c];
        if (t.abs && d.abs_diff <= *t.abs) continue;
        if (t.rel && d.abs_diff <= *t.rel * scale) continue;
        if (t.abs_column) {
          const auto bound = as_number(gold.rows[g][gold.column(*t.abs_column)]);
          if (bound && d.abs_diff <= *bound) continue;
        }
      }
      r.moved.push_back(d);
    }
  }
  for (std::size_t n = 0; n < now.rows.size(); ++n) {
    const auto key = row_key(now, n, now_keys, r.keys);
    if (!gold_rows.count(key)) r.extra_rows.push_back(key);
  }
  return r;
}

std::string format_comparison(const CompareResult& r, const std::string& gold_name, const std::string& new_name) {
  std::string s;
  for (const auto& c : r.missing_columns) s += fmt::format("missing column  {} (in {}, not in {})\n", c, gold_name, new_name);
  for (const auto& k : r.missing_rows) s += fmt::format("missing row     {} (in {}, not in {})\n", k, gold_name, new_name);
  for (const auto& k : r.extra_rows) s += fmt::format("extra row       {} (in {}, not in {})\n", k, new_name, gold_name);
  for (const auto& d : r.moved) {
    if (std::isnan(d.abs_diff))
      s += fmt::format("moved           {}  {}: '{}' -> '{}' (rule {})\n", d.row, d.column, d.gold, d.now, d.rule);
    else
      s += fmt::format("moved           {}  {}: {} -> {} (abs {:.3g}, rel {:.3g}; rule {})\n", d.row, d.column, d.gold,
                       d.now, d.abs_diff, d.rel_diff, d.rule);
  }
  if (!r.new_columns.empty()) {
    s += "note: columns only in " + new_name + " (not compared):";
    for (const auto& c : r.new_columns) s += " " + c;
    s += "\n";
  }
  std::string keys;
  for (const auto& k : r.keys) keys += (keys.empty() ? "" : ",") + k;
  s += fmt::format("{}: {} rows and {} cells compared (key {}); {} moved, {} rows missing, {} extra, {} columns missing\n",
                   r.equal() ? "EQUAL" : "DIFFERENT", r.rows_compared, r.cells_compared, keys, r.moved.size(),
                   r.missing_rows.size(), r.extra_rows.size(), r.missing_columns.size());
  return s;
}

}  // namespace sweepcheck

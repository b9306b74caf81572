#pragma once
// A RunRow as one line of text that reads back bit for bit (doubles as hex
// floats), with a checksum so a line torn by a kill is recognised. Used where
// rows travel between processes or survive one: the isolated child's answer
// (studies/runs/isolated_run.hpp) and the run journal (studies/runs/run_journal.hpp).
// results.csv (reports/results_csv.*) stays the user-facing table.
#include <optional>
#include <string>
#include <string_view>

#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// One line, no trailing newline; no tab or newline inside a field (escaped).
std::string encode_run_row(const RunRow& row);
// nullopt for a malformed or torn line (wrong field count, bad number, bad checksum).
std::optional<RunRow> decode_run_row(std::string_view line);

// The fields' escaping, shared with the journal's header.
std::string escape_field(std::string_view s);
std::string unescape_field(std::string_view s);
std::string hex_double(double v);
std::optional<double> parse_hex_double(const std::string& s);

}  // namespace sweepcheck

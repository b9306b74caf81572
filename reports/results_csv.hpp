#pragma once
// results.csv: one row per run (the error table), and reading it back, so a
// report can be rebuilt from the data without rerunning anything.
#include <filesystem>
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

std::string results_csv(const std::vector<RunRow>& rows);
void write_results_csv(const std::vector<RunRow>& rows, const std::filesystem::path& file);
// Throws std::runtime_error naming the file and line for a malformed table.
std::vector<RunRow> read_results_csv(const std::filesystem::path& file);

}  // namespace sweepcheck

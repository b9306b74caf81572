#pragma once
// richardson.csv: the reference-free estimate of each scheme (studies/engine/richardson.hpp),
// one row per usable triple of step sizes, finest first, with the
// estimate's order, GCI, indicator and verdict repeated on every row.
#include <filesystem>
#include <string>
#include <vector>

#include "studies/cases/problem_plugin_study.hpp"

namespace sweepcheck {

std::string richardson_csv(const std::vector<SchemeEstimate>& estimates);
void write_richardson_csv(const std::vector<SchemeEstimate>& estimates, const std::filesystem::path& file);

}  // namespace sweepcheck

#pragma once
// The audit's output folder: audit.md (verdict table, evidence, per-problem
// details, figures), audit.json (the same as data) and one figure per check
// (PNG + SVG). Reads the AuditResult value only; every file is written
// atomically.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "studies/audit/audit_result.hpp"

namespace sweepcheck {

nlohmann::json audit_json(const AuditResult& audit);
// figure_problems: check id -> why its figure could not be drawn (said in place of the figure).
std::string audit_markdown(const AuditResult& audit, const std::map<std::string, std::string>& figure_problems = {});

// Writes figures, then audit.json, then audit.md; returns the file names.
std::vector<std::string> write_audit_report(const AuditResult& audit, const std::filesystem::path& dir);

}  // namespace sweepcheck

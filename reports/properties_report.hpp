#pragma once
// constants.csv and properties.md of a property run: per property, cases run,
// cases in the assumption region, failures (confirmed in multiprecision),
// round-off-only failures, the worst observed ratio and the observed constant
// against the theoretical one, and whether the outcome is the expected one.
#include <filesystem>
#include <string>
#include <vector>

#include "properties/property_outcome.hpp"

namespace sweepcheck {

struct PropertyRow {
  PropertyOutcome outcome;
  bool expected_failure = false;
  bool as_expected = false;
};

std::string constants_csv(const std::vector<PropertyRow>& rows);
std::string properties_markdown(const std::vector<PropertyRow>& rows, const PropertyConfig& cfg);
// Writes constants.csv and properties.md atomically; returns their names.
std::vector<std::string> write_properties_report(const std::vector<PropertyRow>& rows, const PropertyConfig& cfg,
                                                 const std::filesystem::path& dir);

}  // namespace sweepcheck

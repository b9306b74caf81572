#pragma once
// Where the audit gets its schemes: a factory making a fresh
// plugin::Stepper per run, either an in-tree scheme by name (wrapped, see
// solvers/adapters/template_stepper.hpp) or a plugin (studies/runs/plugin_loader.hpp).
#include <functional>
#include <memory>
#include <string>

#include "studies/runs/scheme_catalog.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

using SchemeFactory = std::function<std::shared_ptr<plugin::Stepper>()>;

// An in-tree scheme from its spec ("pbd", "pngs:reltol=1e-8"). Throws
// std::invalid_argument for unknown names. The catching-up schemes run only on
// polyhedral views (their stepper is a ViewRequirement, solvers/adapters/polyhedral_stepper.hpp).
SchemeFactory catalog_scheme_factory(const SchemeSpec& spec);

// A scheme from outside the catalogue by its factory (a plugin, a scheme
// written in Python): the plugin study's schemes, and a study's
// `--schemes ...,python:module:Class` (StudyOptions::external).
struct NamedScheme {
  std::string label;  // as in the rows' `scheme` column
  SchemeFactory make;
};

}  // namespace sweepcheck

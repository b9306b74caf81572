#pragma once
// Scheme lists parsed once, at the door (issue 38): studies take values,
// never the text. A library of its own, so its unit test links it.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck::app {

// A scheme-list option, parsed once where the program receives it: the
// option's own callback parses the text (parse_scheme_list,
// studies/runs/scheme_catalog.hpp) into `target`, the values the study
// takes. A bad spec is a CLI11 validation error (exit 2) naming the culprit,
// met with the other arguments, before --out is created or locked. `given`,
// when not null, keeps the text as given, for a report that prints it. The
// help shows `target`'s labels as the default. `empty_allowed`: '' means "none".
// `python`, when not null, takes the items `python:module:Class` (a scheme
// written in Python, issue 49), each module:Class checked (python_class_problem,
// studies/runs/plugin_loader.hpp), in the order given; `target` then gets the
// rest (none: empty). Null: such an item is refused, naming the option.
CLI::Option* add_scheme_list_option(CLI::App& cmd, const std::string& name, std::vector<SchemeSpec>& target,
                                    const std::string& help, bool empty_allowed = false,
                                    std::string* given = nullptr, std::vector<std::string>* python = nullptr);

}  // namespace sweepcheck::app

#pragma once
// Loads a scheme plugin (a shared library exporting sweepcheck_create_scheme,
// see solvers/plugin/plugin_api.hpp) with dlopen.
#include <string>

#include "studies/runs/scheme_factory.hpp"

namespace sweepcheck {

// Throws std::invalid_argument with a message naming the file and the
// problem: missing file, not loadable, missing entry point, ABI version
// mismatch, or a plugin that returns no scheme. The library stays loaded while
// the factory or any stepper it made is alive.
SchemeFactory load_plugin(const std::string& path);

// Why `text` is not a Python class to import as module:Class (empty: it is):
// the module a dotted name, the class a name, each part an identifier
// (letters, digits, '_', not starting with a digit). Nothing else a user
// types reaches the interpreter: this is checked before it starts.
std::string python_class_problem(const std::string& text);

// The scheme `module_class` (module:Class, checked as above) written in
// Python, from the Python scheme plugin at `plugin_path`
// (python/python_scheme_plugin.cpp, its entry point
// sweepcheck_create_python_scheme): a fresh instance per call, made by the
// interpreter the plugin embeds. Several such schemes may come from one
// plugin. Throws std::invalid_argument as load_plugin does, and when the
// class cannot be imported or made (the Python exception named).
SchemeFactory load_python_scheme(const std::string& plugin_path, const std::string& module_class);

}  // namespace sweepcheck

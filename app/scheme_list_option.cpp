#include "app/scheme_list_option.hpp"

#include <algorithm>
#include <stdexcept>

#include "studies/runs/plugin_loader.hpp"

namespace sweepcheck::app {

namespace {

// The `python:module:Class` items of a comma-separated list, taken out of
// `text` (which keeps the rest, commas joined again); refused when `python` is null.
std::vector<std::string> take_python_items(std::string& text, const std::vector<std::string>* python) {
  const std::string prefix = "python:";
  std::vector<std::string> found, rest;
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t comma = std::min(text.find(',', begin), text.size());
    std::string item = text.substr(begin, comma - begin);
    begin = comma + 1;
    if (item.rfind(prefix, 0) != 0) {
      rest.push_back(std::move(item));
      continue;
    }
    if (!python)
      throw std::invalid_argument("'" + item +
                                  "': this option takes in-tree schemes only: the crowd and the disks judge each "
                                  "scheme against a reference computed with that same scheme at a fine step, which "
                                  "a scheme written in Python would have to run first (README, \"A scheme written in "
                                  "Python\"); python:module:Class is taken by the --schemes of `study sliding`, "
                                  "`study circuit` and `study --problem-plugin`, and by `audit --python`");
    const std::string module_class = item.substr(prefix.size());
    if (const std::string why = python_class_problem(module_class); !why.empty())
      throw std::invalid_argument("'" + item + "': a scheme written in Python " + why);
    found.push_back(module_class);
  }
  // An empty item beside Python ones ("python:m:C,") is refused as any empty item.
  if (!found.empty())
    for (const auto& r : rest)
      if (r.empty()) throw std::invalid_argument("empty item in the scheme list '" + text + "'");
  text.clear();
  for (const auto& r : rest) text += (&r == &rest.front() ? "" : ",") + r;
  return found;
}

}  // namespace

CLI::Option* add_scheme_list_option(CLI::App& cmd, const std::string& name, std::vector<SchemeSpec>& target,
                                    const std::string& help, bool empty_allowed, std::string* given,
                                    std::vector<std::string>* python) {
  auto parse = [&target, name, empty_allowed, given, python](const std::string& text) {
    try {
      std::string in_tree = text;
      std::vector<std::string> py = take_python_items(in_tree, python);
      // Only Python schemes: no in-tree one.
      const bool none = in_tree.empty() && (empty_allowed || !py.empty());
      target = none ? std::vector<SchemeSpec>{} : parse_scheme_list(in_tree);
      if (python) *python = std::move(py);
    } catch (const std::invalid_argument& e) {
      // The words a failed CLI11 check prints ("--schemes: unknown scheme 'x' …").
      throw CLI::ValidationError(name, e.what());
    }
    if (given != nullptr) *given = text;
  };
  return cmd.add_option_function<std::string>(name, parse, help)
      ->default_str(scheme_list_label(target))
      ->type_name("TEXT:SPECS");  // a scheme list, as the help has always named it
}

}  // namespace sweepcheck::app

#include "studies/runs/scheme_catalog.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace sweepcheck {

// Walks InTreeSchemes (studies/runs/scheme_list.hpp): every entry is what the
// scheme's own type says of itself.
const std::vector<SchemeInfo>& scheme_catalog() {
  static const std::vector<SchemeInfo> catalog = [] {
    std::vector<SchemeInfo> list;
    for_each_scheme(InTreeSchemes{}, [&list]<template <class> class S>() {
      using D = S<double>;
      list.push_back({D::name(), D::claimed_order(), D::description(), D::parameters(), D::claim_is_sharp,
                      scheme_needs<D>()});
    });
    return list;
  }();
  return catalog;
}

const SchemeInfo& scheme_info(const std::string& name) {
  for (const auto& s : scheme_catalog())
    if (s.name == name) return s;
  std::string known;
  for (const auto& s : scheme_catalog()) known += (known.empty() ? "" : ", ") + s.name;
  throw std::invalid_argument("unknown scheme '" + name + "' (known: " + known + ")");
}

double SchemeSpec::get(const std::string& key) const {
  if (auto it = parameters.find(key); it != parameters.end()) return it->second;
  for (const auto& p : scheme_info(name).parameters)
    if (p.name == key) return p.default_value;
  throw std::invalid_argument("scheme '" + name + "' has no parameter '" + key + "'");
}

std::string SchemeSpec::label() const {
  std::ostringstream s;
  s << name;
  for (const auto& [k, v] : parameters) s << ':' << k << '=' << v;
  return s.str();
}

bool is_integer_parameter(const std::string& key) { return key.rfind("max_", 0) == 0 || key == "solver"; }

SchemeSpec parse_scheme_spec(const std::string& text) {
  SchemeSpec spec;
  // Split on every ':' keeping empty parts, so a trailing or doubled colon
  // ("pbd:", "pngs::reltol=1") is an empty option named as such, not dropped.
  std::vector<std::string> parts;
  for (std::size_t begin = 0;;) {
    const auto colon = text.find(':', begin);
    parts.push_back(text.substr(begin, colon == std::string::npos ? std::string::npos : colon - begin));
    if (colon == std::string::npos) break;
    begin = colon + 1;
  }
  spec.name = parts.front();
  const SchemeInfo& info = scheme_info(spec.name);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    if (part.empty())
      throw std::invalid_argument("scheme spec '" + text + "': empty option " + std::to_string(i) +
                                  " (a trailing or doubled ':'); write key=value after each ':' or drop the ':'");
    const auto eq = part.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("scheme spec '" + text + "': expected key=value, got '" + part + "'");
    const std::string key = part.substr(0, eq);
    const std::string value = part.substr(eq + 1);
    bool known = false;
    for (const auto& p : info.parameters) known = known || p.name == key;
    if (!known) throw std::invalid_argument("scheme '" + spec.name + "' has no parameter '" + key + "'");
    // A repeated option would silently take its last value.
    if (spec.parameters.count(key))
      throw std::invalid_argument("scheme spec '" + text + "': option '" + key +
                                  "' is given more than once; give it once");
    std::size_t used = 0;
    double v = std::numeric_limits<double>::quiet_NaN();
    try {
      v = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != value.size() || value.empty() || !std::isfinite(v))
      throw std::invalid_argument("scheme spec '" + text + "': '" + key + "' needs a finite number, got '" + value + "'");
    if (is_integer_parameter(key) && !(v == std::floor(v) && v >= 0 && v <= std::numeric_limits<int>::max()))
      throw std::invalid_argument("scheme spec '" + text + "': '" + key + "' must be a whole number in [0, " +
                                  std::to_string(std::numeric_limits<int>::max()) + "], got '" + value + "'");
    spec.parameters[key] = v;
  }
  return spec;
}

std::vector<SchemeSpec> parse_scheme_list(const std::string& comma_separated) {
  std::vector<SchemeSpec> out;
  if (comma_separated.empty()) throw std::invalid_argument("no scheme given");
  // Split on every comma, the last item included: "pbd," and "pbd,,pngs"
  // name an empty item (a typo, never silently dropped).
  std::size_t begin = 0;
  for (int index = 1;; ++index) {
    const std::size_t comma = comma_separated.find(',', begin);
    const std::string item = comma_separated.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
    if (item.empty())
      throw std::invalid_argument("scheme list '" + comma_separated + "': item " + std::to_string(index) +
                                  " is empty (a comma too many?)");
    out.push_back(parse_scheme_spec(item));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  return out;
}

std::string scheme_list_label(const std::vector<SchemeSpec>& specs) {
  std::string out;
  for (const auto& s : specs) {
    if (!out.empty()) out += ',';
    out += s.label();
  }
  return out;
}

}  // namespace sweepcheck

#include "studies/scheme_catalog.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace sweepcheck {

const std::vector<SchemeInfo>& scheme_catalog() {
  static const std::vector<SchemeInfo> catalog = {
      {"pbd", 1.0, "position-based dynamics, one projection sweep per step (seed 000, (4))", {}},
      {"pngs",
       1.0,
       "projected nonlinear Gauss-Seidel: sweeps until (38) holds (seed 000, Sec. 4.1)",
       {{"abstol", 1e-12, "absolute tolerance of (38)"},
        {"reltol", 1e-10, "relative tolerance of (38)"},
        {"max_sweeps", 10000, "cap on sweeps per step; reaching it is reported"}}},
      {"pgs",
       std::numeric_limits<double>::quiet_NaN(),
       "projected Gauss-Seidel: sweeps over the constraints linearised at the prediction until (38) holds (seed 000, "
       "Sec. 4.1)",
       {{"abstol", 1e-12, "absolute tolerance of (38)"},
        {"reltol", 1e-10, "relative tolerance of (38)"},
        {"max_sweeps", 10000, "cap on sweeps per step; reaching it is reported"}}},
      {"penalty",
       std::numeric_limits<double>::quiet_NaN(),
       "explicit Euler on x' = f - gamma sum_j d_Sj grad d_Sj (seed 000, Sec. 4.1); stalls at a level set by gamma",
       {{"gamma", 100, "penalty strength (> 0)"}}},
      {"moreau-euler", 1.0,
       "catching-up with the exact projection onto S (seed 000, (3)), computed and KKT-certified by the reference "
       "projector",
       {}},
      {"catching-up", 1.0,
       "catching-up for polyhedral moving sets (LCS), exact projection by a small dense QP with KKT certificate "
       "(seed 002, Sec. 3 with eps = eta = 0)",
       {}},
      {"inexact-catching-up",
       1.0,
       "catching-up with (eps, eta)-approximate projections by projected gradient on the dual (seed 002, (23)), "
       "certified by duality gap and a Slater-point distance bound",
       {{"eps_coef", 1.0, "eps = eps_coef * h^eps_power"},
        {"eps_power", 3.0, "eps = eps_coef * h^eps_power (theory: > 2)"},
        {"eta_coef", 1.0, "eta = eta_coef * h^eta_power"},
        {"eta_power", 2.0, "eta = eta_coef * h^eta_power (theory: > 1)"},
        {"max_iterations", 1000000, "cap on dual-gradient iterations per step; reaching it is reported"}}},
      {"venel",
       0.5,
       "Venel's prediction-correction: projection onto the linearised set (seed 001, (11)); a QP per step",
       {{"solver", 0, "QP solver: 0 = exact MPRGP, 1 = uzawa, 2 = exact Hildreth (exact ones stop with a KKT certificate)"},
        {"tol", 1e-9, "absolute bound on the QP's KKT residual (exact solvers: at least 1e5 ulps of the scale)"},
        {"max_iterations", 100000, "cap on QP sweeps/iterations per solve; reaching it is reported"}},
       true},
  };
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
  std::stringstream in(text);
  std::string part;
  std::getline(in, spec.name, ':');
  const SchemeInfo& info = scheme_info(spec.name);
  while (std::getline(in, part, ':')) {
    const auto eq = part.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("scheme spec '" + text + "': expected key=value, got '" + part + "'");
    const std::string key = part.substr(0, eq);
    const std::string value = part.substr(eq + 1);
    bool known = false;
    for (const auto& p : info.parameters) known = known || p.name == key;
    if (!known) throw std::invalid_argument("scheme '" + spec.name + "' has no parameter '" + key + "'");
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
  std::stringstream in(comma_separated);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(parse_scheme_spec(item));
  if (out.empty()) throw std::invalid_argument("no scheme given");
  return out;
}

}  // namespace sweepcheck

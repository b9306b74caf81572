#include "sweepcheck/analytic/manufactured/schedule_json.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

namespace sweepcheck::manufactured {

using nlohmann::json;

namespace {

json path_json(const Path& p) {
  return {{"x0", p.x0}, {"v", p.v}, {"a", p.a}, {"omega", p.omega}, {"phase", p.phase}};
}

json gap_json(const Gap& g) {
  json contacts = json::array();
  for (const auto& [a, b] : g.contacts) contacts.push_back({a, b});
  return {{"contacts", contacts}, {"gap0", g.gap0}, {"curvature", g.curvature}, {"mu0", g.mu0}, {"press", g.press}};
}

json component_json(const Component& c) {
  if (const auto* w = std::get_if<WallsComponent>(&c)) {
    json walls = json::array();
    for (const auto& wall : w->walls)
      walls.push_back({{"normal", wall.normal},
                       {"offset", wall.offset},
                       {"drift", wall.drift},
                       {"amplitude", wall.amplitude},
                       {"omega", wall.omega},
                       {"gap", gap_json(wall.gap)}});
    json tangential = json::array();
    for (const auto& p : w->tangential) tangential.push_back(path_json(p));
    return {{"kind", "walls"}, {"walls", walls}, {"tangential", tangential}};
  }
  if (const auto* p = std::get_if<PairComponent>(&c)) {
    json centre = json::array();
    for (const auto& q : p->centre) centre.push_back(path_json(q));
    return {{"kind", "pair"},           {"radius", p->radius}, {"centre", centre}, {"p", p->p},
            {"q", p->q},                {"angle", path_json(p->angle)}, {"gap", gap_json(p->gap)}};
  }
  const auto& o = std::get<ObstacleComponent>(c);
  return {{"kind", "obstacle"}, {"radius", o.radius}, {"centre", o.centre}, {"drift", o.drift},
          {"p", o.p},           {"q", o.q},           {"angle", path_json(o.angle)}, {"gap", gap_json(o.gap)}};
}

// Reading: every object's keys checked against the known ones, every value's
// type checked, each error naming the field ("components[1].gap.contacts[0]").
struct Reader {
  [[noreturn]] static void fail(const std::string& where, const std::string& what) {
    throw std::invalid_argument("manufactured schedule: " + where + ": " + what);
  }
  static const json& object(const json& j, const std::string& where, std::set<std::string> known) {
    if (!j.is_object()) fail(where, "must be a JSON object");
    for (const auto& [k, v] : j.items())
      if (!known.count(k)) {
        std::string list;
        for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
        fail(where, fmt::format("unknown field '{}' (known: {})", k, list));
      }
    return j;
  }
  static double number(const json& j, const char* key, const std::string& where, double fallback) {
    if (!j.contains(key)) return fallback;
    const json& v = j.at(key);
    if (!v.is_number()) fail(where + "." + key, "must be a number");
    return v.get<double>();
  }
  static std::vector<double> numbers(const json& j, const char* key, const std::string& where) {
    if (!j.contains(key)) return {};
    const json& v = j.at(key);
    if (!v.is_array()) fail(where + "." + key, "must be an array of numbers");
    std::vector<double> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_number()) fail(fmt::format("{}.{}[{}]", where, key, i), "must be a number");
      out.push_back(v[i].get<double>());
    }
    return out;
  }
  static const json& array(const json& j, const char* key, const std::string& where) {
    if (!j.contains(key) || !j.at(key).is_array()) fail(where + "." + key, "must be an array");
    return j.at(key);
  }
  static Path path(const json& j, const std::string& where) {
    object(j, where, {"x0", "v", "a", "omega", "phase"});
    Path p;
    p.x0 = number(j, "x0", where, p.x0);
    p.v = number(j, "v", where, p.v);
    p.a = number(j, "a", where, p.a);
    p.omega = number(j, "omega", where, p.omega);
    p.phase = number(j, "phase", where, p.phase);
    return p;
  }
  static std::vector<Path> paths(const json& j, const char* key, const std::string& where) {
    std::vector<Path> out;
    if (!j.contains(key)) return out;
    const json& a = array(j, key, where);
    for (std::size_t i = 0; i < a.size(); ++i) out.push_back(path(a[i], fmt::format("{}.{}[{}]", where, key, i)));
    return out;
  }
  static Gap gap(const json& j, const std::string& where) {
    object(j, where, {"contacts", "gap0", "curvature", "mu0", "press"});
    Gap g;
    if (j.contains("contacts")) {
      const json& a = array(j, "contacts", where);
      for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string at = fmt::format("{}.contacts[{}]", where, i);
        if (!a[i].is_array() || a[i].size() != 2 || !a[i][0].is_number() || !a[i][1].is_number())
          fail(at, "must be a pair of numbers [s, e]");
        g.contacts.emplace_back(a[i][0].get<double>(), a[i][1].get<double>());
      }
    }
    g.gap0 = number(j, "gap0", where, g.gap0);
    g.curvature = number(j, "curvature", where, g.curvature);
    g.mu0 = number(j, "mu0", where, g.mu0);
    g.press = number(j, "press", where, g.press);
    return g;
  }
  static Component component(const json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("kind") || !j.at("kind").is_string())
      fail(where, "must be an object with a \"kind\": \"walls\", \"pair\" or \"obstacle\"");
    const std::string kind = j.at("kind").get<std::string>();
    if (kind == "walls") {
      object(j, where, {"kind", "walls", "tangential"});
      WallsComponent c;
      const json& a = array(j, "walls", where);
      for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string at = fmt::format("{}.walls[{}]", where, i);
        object(a[i], at, {"normal", "offset", "drift", "amplitude", "omega", "gap"});
        Wall w;
        w.normal = numbers(a[i], "normal", at);
        w.offset = number(a[i], "offset", at, w.offset);
        w.drift = number(a[i], "drift", at, w.drift);
        w.amplitude = number(a[i], "amplitude", at, w.amplitude);
        w.omega = number(a[i], "omega", at, w.omega);
        if (a[i].contains("gap")) w.gap = gap(a[i].at("gap"), at + ".gap");
        c.walls.push_back(std::move(w));
      }
      c.tangential = paths(j, "tangential", where);
      return c;
    }
    if (kind == "pair") {
      object(j, where, {"kind", "radius", "centre", "p", "q", "angle", "gap"});
      PairComponent c;
      c.radius = number(j, "radius", where, c.radius);
      c.centre = paths(j, "centre", where);
      c.p = numbers(j, "p", where);
      c.q = numbers(j, "q", where);
      if (j.contains("angle")) c.angle = path(j.at("angle"), where + ".angle");
      if (j.contains("gap")) c.gap = gap(j.at("gap"), where + ".gap");
      return c;
    }
    if (kind == "obstacle") {
      object(j, where, {"kind", "radius", "centre", "drift", "p", "q", "angle", "gap"});
      ObstacleComponent c;
      c.radius = number(j, "radius", where, c.radius);
      c.centre = numbers(j, "centre", where);
      c.drift = numbers(j, "drift", where);
      c.p = numbers(j, "p", where);
      c.q = numbers(j, "q", where);
      if (j.contains("angle")) c.angle = path(j.at("angle"), where + ".angle");
      if (j.contains("gap")) c.gap = gap(j.at("gap"), where + ".gap");
      return c;
    }
    fail(where + ".kind", "'" + kind + "' is not a component kind (walls, pair, obstacle)");
  }
};

}  // namespace

std::string to_json(const Schedule& s) {
  json components = json::array();
  for (const auto& c : s.components) components.push_back(component_json(c));
  const json j = {{"format", kScheduleFormat},
                  {"name", s.name},
                  {"seed", s.seed},
                  {"t_end", s.t_end},
                  {"body_dim", s.body_dim},
                  {"A", {{"diagonal", s.A.diagonal}, {"rotation", s.A.rotation}, {"coupling", s.A.coupling}}},
                  {"components", components}};
  return j.dump(1) + "\n";
}

Schedule from_json(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw std::invalid_argument(std::string("manufactured schedule: not JSON: ") + e.what());
  }
  Reader::object(j, "schedule", {"format", "name", "seed", "t_end", "body_dim", "A", "components"});
  if (!j.contains("format") || j.at("format") != kScheduleFormat)
    Reader::fail("format", fmt::format("must be \"{}\"", kScheduleFormat));
  Schedule s;
  if (j.contains("name")) {
    if (!j.at("name").is_string()) Reader::fail("name", "must be a string");
    s.name = j.at("name").get<std::string>();
  }
  if (j.contains("seed")) {
    if (!j.at("seed").is_number_unsigned()) Reader::fail("seed", "must be a whole number >= 0");
    s.seed = j.at("seed").get<std::uint64_t>();
  }
  s.t_end = Reader::number(j, "t_end", "schedule", s.t_end);
  if (j.contains("body_dim")) {
    if (!j.at("body_dim").is_number_integer()) Reader::fail("body_dim", "must be a whole number");
    const auto d = j.at("body_dim").get<std::int64_t>();
    if (d < 1 || d > kMaxDimension) Reader::fail("body_dim", fmt::format("{} is not in [1, {}]", d, kMaxDimension));
    s.body_dim = int(d);
  }
  if (j.contains("A")) {
    Reader::object(j.at("A"), "A", {"diagonal", "rotation", "coupling"});
    s.A.diagonal = Reader::number(j.at("A"), "diagonal", "A", s.A.diagonal);
    s.A.rotation = Reader::number(j.at("A"), "rotation", "A", s.A.rotation);
    s.A.coupling = Reader::number(j.at("A"), "coupling", "A", s.A.coupling);
  }
  const json& comps = Reader::array(j, "components", "schedule");
  if (comps.size() > std::size_t(kMaxDimension))
    Reader::fail("components", fmt::format("at most {} components", kMaxDimension));
  for (std::size_t i = 0; i < comps.size(); ++i)
    s.components.push_back(Reader::component(comps[i], fmt::format("components[{}]", i)));
  validate(s);
  return s;
}

}  // namespace sweepcheck::manufactured

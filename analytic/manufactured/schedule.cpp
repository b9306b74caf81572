#include "sweepcheck/analytic/manufactured/schedule.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "sweepcheck/analytic/manufactured/gap_profile.hpp"

namespace sweepcheck::manufactured {

namespace {

bool finite(double v) { return std::isfinite(v); }

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Orthonormal to this tolerance (the JSON round trip keeps 17 digits; a
// schedule written by hand needs 9).
constexpr double kUnitTol = 1e-9;

struct Checker {
  const Schedule& s;
  std::vector<std::string> out;

  template <class... A>
  void say(fmt::format_string<A...> f, A&&... a) {
    if (out.size() < 32) out.push_back(fmt::format(f, std::forward<A>(a)...));
  }

  void path(const Path& p, const std::string& where) {
    if (!finite(p.x0) || !finite(p.v) || !finite(p.a) || !finite(p.omega) || !finite(p.phase))
      say("{}: every number of a path (x0, v, a, omega, phase) must be finite", where);
  }

  void unit(const std::vector<double>& v, const std::string& where) {
    if (int(v.size()) != s.body_dim) {
      say("{} has {} components; body_dim is {}", where, v.size(), s.body_dim);
      return;
    }
    for (double x : v)
      if (!finite(x)) return say("{} must be finite", where);
    if (!(std::abs(std::sqrt(dot(v, v)) - 1) <= kUnitTol))
      say("{} must be a unit vector (|{}| = {:.17g})", where, where, std::sqrt(dot(v, v)));
  }

  void pq(const std::vector<double>& p, const std::vector<double>& q, const std::string& where) {
    unit(p, where + ".p");
    if (s.body_dim >= 2) {
      unit(q, where + ".q");
      if (p.size() == q.size() && !(std::abs(dot(p, q)) <= kUnitTol))
        say("{}.p and {}.q must be orthogonal (p.q = {:.3g})", where, where, dot(p, q));
    }
  }

  // The contacts, the free-flight shape and the multipliers' signs.
  void gap(const Gap& g, const std::string& where, double grad_norm2) {
    if (g.contacts.size() > std::size_t(kMaxContacts))
      say("{}.contacts: at most {} contacts (got {})", where, kMaxContacts, g.contacts.size());
    if (!(g.curvature > 0) || !finite(g.curvature))
      say("{}.curvature = {} must be > 0 and finite (the free flight must stay off the constraint)", where,
          g.curvature);
    if (!finite(g.press)) say("{}.press must be finite", where);
    double last = -1;
    for (std::size_t i = 0; i < g.contacts.size(); ++i) {
      const auto [a, b] = g.contacts[i];
      if (!finite(a) || !finite(b) || !(a >= 0) || !(b <= s.t_end) || !(a < b)) {
        say("{}.contacts[{}] = [{}, {}] must satisfy 0 <= s < e <= t_end = {}", where, i, a, b, s.t_end);
        return;
      }
      if (i > 0 && !(a > last)) {
        say("{}.contacts[{}] starts at {}, not after the previous contact's end {} (contacts must be increasing "
            "and separated by a free flight)",
            where, i, a, last);
        return;
      }
      last = b;
    }
    const bool first_at_zero = !g.contacts.empty() && g.contacts[0].first == 0;
    if (!first_at_zero && (!(g.gap0 > 0) || !finite(g.gap0)))
      say("{}.gap0 = {} must be > 0 (x*(0) starts off the constraint)", where, g.gap0);
    if (!finite(g.mu0) || !(g.mu0 >= 0))
      say("{}.mu0 = {} must be >= 0: a negative multiplier pulls x* into the constraint instead of holding it "
          "out (the wrong sign of the normal cone)",
          where, g.mu0);
    // μ = (μ_s + β (t − s)) ρ(t) is >= 0 on [s, e] iff μ_s >= 0 and μ_s + β (e − s) >= 0.
    if (out.empty())
      for (std::size_t i = 0; i < g.contacts.size(); ++i) {
        const double mu_s = contact_start_mu(g, i, grad_norm2);
        const auto [a, b] = g.contacts[i];
        if (!(mu_s + g.press * (b - a) >= 0))
          say("{}.press = {} makes the multiplier negative at the end of contacts[{}] ({:.6g} at t = {}): a "
              "multiplier must stay >= 0 (a negative one is the wrong sign of the normal cone)",
              where, g.press, i, mu_s + g.press * (b - a), b);
      }
  }

  void component(const WallsComponent& c, const std::string& where) {
    const int k = int(c.walls.size());
    if (k < 1 || k > s.body_dim)
      say("{}: a walls component needs 1 to body_dim = {} walls (got {})", where, s.body_dim, k);
    for (int i = 0; i < k; ++i) {
      const Wall& w = c.walls[std::size_t(i)];
      const std::string at = fmt::format("{}.walls[{}]", where, i);
      unit(w.normal, at + ".normal");
      if (!finite(w.offset) || !finite(w.drift) || !finite(w.amplitude))
        say("{}: offset, drift and amplitude must be finite", at);
      if (w.amplitude != 0 && (!(w.omega > 0) || !finite(w.omega)))
        say("{}.omega = {} must be > 0 and finite for a moving wall", at, w.omega);
      for (int j = 0; j < i; ++j)
        if (w.normal.size() == c.walls[std::size_t(j)].normal.size() &&
            !(std::abs(dot(w.normal, c.walls[std::size_t(j)].normal)) <= kUnitTol))
          say("{}.normal must be orthogonal to walls[{}].normal (dot {:.3g}): the walls of one body are orthogonal "
              "(manufactured.md, \"What a schedule cannot say\")",
              at, j, dot(w.normal, c.walls[std::size_t(j)].normal));
      gap(w.gap, at + ".gap", 1.0);
    }
    if (k <= s.body_dim && int(c.tangential.size()) != s.body_dim - k)
      say("{}.tangential has {} paths; body_dim − walls = {} needed", where, c.tangential.size(), s.body_dim - k);
    for (std::size_t i = 0; i < c.tangential.size(); ++i) path(c.tangential[i], fmt::format("{}.tangential[{}]", where, i));
  }

  void component(const PairComponent& c, const std::string& where) {
    if (!(c.radius > 0) || !finite(c.radius)) say("{}.radius = {} must be > 0 and finite", where, c.radius);
    if (int(c.centre.size()) != s.body_dim)
      say("{}.centre has {} paths; body_dim = {} needed", where, c.centre.size(), s.body_dim);
    for (std::size_t i = 0; i < c.centre.size(); ++i) path(c.centre[i], fmt::format("{}.centre[{}]", where, i));
    pq(c.p, c.q, where);
    path(c.angle, where + ".angle");
    gap(c.gap, where + ".gap", 2.0);
  }

  void component(const ObstacleComponent& c, const std::string& where) {
    if (s.components.size() != 1)
      say("{}: an obstacle must be the schedule's only component (a ball complement acts on the whole state)",
          where);
    if (s.body_dim < 2) say("{}: an obstacle needs body_dim >= 2 (got {})", where, s.body_dim);
    if (!(c.radius > 0) || !finite(c.radius)) say("{}.radius = {} must be > 0 and finite", where, c.radius);
    if (int(c.centre.size()) != s.body_dim)
      say("{}.centre has {} numbers; body_dim = {} needed", where, c.centre.size(), s.body_dim);
    if (!c.drift.empty() && int(c.drift.size()) != s.body_dim)
      say("{}.drift has {} numbers; empty or body_dim = {} needed", where, c.drift.size(), s.body_dim);
    for (double v : c.centre)
      if (!finite(v)) say("{}.centre must be finite", where);
    for (double v : c.drift)
      if (!finite(v)) say("{}.drift must be finite", where);
    pq(c.p, c.q, where);
    path(c.angle, where + ".angle");
    gap(c.gap, where + ".gap", 1.0);
  }
};

}  // namespace

int bodies(const Component& c) { return std::holds_alternative<PairComponent>(c) ? 2 : 1; }

int bodies(const Schedule& s) {
  int n = 0;
  for (const auto& c : s.components) n += bodies(c);
  return n;
}

int dimension(const Schedule& s) { return s.body_dim * bodies(s); }

std::vector<std::string> violations(const Schedule& s) {
  Checker c{s, {}};
  if (!(s.t_end > 0) || !finite(s.t_end)) c.say("t_end = {} must be > 0 and finite", s.t_end);
  if (s.body_dim < 1) c.say("body_dim = {} must be >= 1", s.body_dim);
  if (s.components.empty()) c.say("components: a schedule needs at least one component");
  if (!finite(s.A.diagonal) || !finite(s.A.rotation) || !finite(s.A.coupling))
    c.say("A: diagonal, rotation and coupling must be finite");
  if (!c.out.empty()) return c.out;
  if (s.components.size() > std::size_t(kMaxDimension) || dimension(s) > kMaxDimension)
    return {fmt::format("the state has {} coordinates; at most {}", dimension(s), kMaxDimension)};
  for (std::size_t i = 0; i < s.components.size(); ++i)
    std::visit([&](const auto& comp) { c.component(comp, fmt::format("components[{}]", i)); }, s.components[i]);
  return c.out;
}

void validate(const Schedule& s) {
  const auto v = violations(s);
  if (v.empty()) return;
  std::string text = "manufactured schedule '" + s.name + "' is invalid:";
  for (const auto& line : v) text += "\n  " + line;
  throw std::invalid_argument(text);
}

namespace {

std::string contacts_text(const Gap& g) {
  if (g.contacts.empty()) return "never in contact";
  std::string t = "in contact on";
  for (const auto& [a, b] : g.contacts) t += fmt::format(" [{:.4g}, {:.4g}]", a, b);
  return t;
}

}  // namespace

std::string describe(const Schedule& s) {
  std::string t = fmt::format("manufactured schedule '{}' (seed {}): {} bod{} in R^{} (state dimension {}), T = {:g}, "
                              "A = {:g} I + {:g} K + {:g} C\n",
                              s.name, s.seed, bodies(s), bodies(s) == 1 ? "y" : "ies", s.body_dim, dimension(s),
                              s.t_end, s.A.diagonal, s.A.rotation, s.A.coupling);
  int body = 0;
  for (std::size_t i = 0; i < s.components.size(); ++i) {
    const auto& c = s.components[i];
    if (const auto* w = std::get_if<WallsComponent>(&c)) {
      t += fmt::format("  [{}] body {}: {} wall{}\n", i, body, w->walls.size(), w->walls.size() == 1 ? "" : "s");
      for (std::size_t k = 0; k < w->walls.size(); ++k)
        t += fmt::format("      wall {}{}: {}\n", k,
                         w->walls[k].drift != 0 || w->walls[k].amplitude != 0 ? " (moving)" : "",
                         contacts_text(w->walls[k].gap));
    } else if (const auto* p = std::get_if<PairComponent>(&c)) {
      t += fmt::format("  [{}] bodies {} and {}: a pair of radius {:g}, {}\n", i, body, body + 1, p->radius,
                       contacts_text(p->gap));
    } else if (const auto* o = std::get_if<ObstacleComponent>(&c)) {
      t += fmt::format("  [{}] body {}: outside a {}ball of radius {:g}, {}\n", i, body,
                       o->drift.empty() ? "" : "drifting ", o->radius, contacts_text(o->gap));
    }
    body += bodies(c);
  }
  return t;
}

}  // namespace sweepcheck::manufactured

#pragma once
// An event schedule: the value a manufactured sweeping process is made from
// (manufactured.md beside this file). It names the sets S(t) = ∩_j {g_j ≥ 0},
// the exact solution x*(t) through the gap γ_j(t) = g_j(t, x*(t)) ≥ 0 of each
// constraint, the multipliers μ_j(t) ≥ 0, the matrix A and the seed it was
// drawn with; ManufacturedProblem (manufactured_problem.hpp) turns it into
//
//     f(t, x) = x*'(t) − Σ_j μ_j(t) ∇g_j(t, x*(t)) + A (x − x*(t)),
//
// for which x* solves x' ∈ f(t, x) − N(S(t), x). It prints (describe),
// validates (violations: one sentence per broken rule, naming the field) and
// round-trips through JSON (schedule_json.hpp).
//
// The state is a list of bodies of body_dim coordinates each, laid out one
// after the other. Each component owns its bodies and its constraints:
//   walls     one body, K <= body_dim half-spaces with orthonormal normals,
//             each static or moving (drift and oscillation of its offset):
//             landings, lift-offs, re-landings, a corner (two walls in contact
//             at once), moving sets;
//   pair      two bodies of radius R, |X_i − X_j| >= 2R: contacts between
//             bodies; every two bodies of pair components that are not
//             partners also get a non-overlap constraint (inactive
//             throughout: each pair keeps to its own lane);
//   obstacle  one body outside a (drifting) ball, a non-convex,
//             R-prox-regular set; the schedule's only component (a ball
//             complement acts on the whole state).
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace sweepcheck::manufactured {

// A smooth scalar path p(t) = x0 + v t + a sin(ω t + φ).
struct Path {
  double x0 = 0;     // p(0) − a sin φ
  double v = 0;      // drift
  double a = 0;      // oscillation amplitude
  double omega = 1;  // its angular frequency
  double phase = 0;  // its phase φ

  bool operator==(const Path&) const = default;
};

// The contacts of one constraint: γ(t) = g(t, x*(t)) is 0 on each contact
// interval [s, e] and positive between them (manufactured.md, "Gaps"); μ(t)
// is 0 off contact and (μ_s + β (t − s)) ρ(t) on [s, e], ρ = (e − t)/(e − s)
// when the contact ends with a lift-off at e < t_end (μ falls to 0), ρ = 1
// when it lasts to t_end. μ_s is mu0 for a contact from t = 0 and otherwise
// the landing's jump −γ'(s−)/|∇g|², the one that stops the normal velocity
// so that f stays continuous in t.
struct Gap {
  std::vector<std::pair<double, double>> contacts;  // [s, e], increasing, disjoint, in [0, t_end]
  double gap0 = 0.5;       // γ(0) > 0 when the first contact starts after 0
  double curvature = 1;    // κ > 0: free flight γ = κ (t − e)² (s' − t)/(s' − e) between contacts
  double mu0 = 0;          // μ(0) >= 0 for a contact from t = 0
  double press = 0;        // β: the growth of μ along a contact (μ must stay >= 0)

  bool operator==(const Gap&) const = default;
};

// A half-space {x : <n, X> >= b(t)} on the component's body, n a unit normal
// pointing into the set, b(t) = offset + drift t + amplitude sin(ω t).
struct Wall {
  std::vector<double> normal;
  double offset = 0;
  double drift = 0;
  double amplitude = 0;
  double omega = 1;
  Gap gap;

  bool operator==(const Wall&) const = default;
};

// One body against K walls: X = Σ_k n_k (b_k(t) + γ_k(t)) + Σ_i q_i τ_i(t),
// q_i an orthonormal basis of the complement of the normals.
struct WallsComponent {
  std::vector<Wall> walls;
  std::vector<Path> tangential;  // body_dim − K paths τ_i

  bool operator==(const WallsComponent&) const = default;
};

// Two bodies (disks of radius R in the plane for body_dim = 2) with centre
// C(t) and direction u(t) = cos θ p + sin θ q: X_{1,2} = C ± (R + γ/2) u.
struct PairComponent {
  double radius = 0.5;
  std::vector<Path> centre;  // body_dim paths
  std::vector<double> p, q;  // orthonormal (q unused when body_dim = 1)
  Path angle;                // θ(t)
  Gap gap;

  bool operator==(const PairComponent&) const = default;
};

// One body outside the ball B(c + drift t, R): X = c(t) + (R + γ) u(θ(t)).
struct ObstacleComponent {
  double radius = 1;
  std::vector<double> centre;
  std::vector<double> drift;  // empty or body_dim numbers
  std::vector<double> p, q;   // orthonormal
  Path angle;
  Gap gap;

  bool operator==(const ObstacleComponent&) const = default;
};

using Component = std::variant<WallsComponent, PairComponent, ObstacleComponent>;

// A = diagonal I + rotation K + coupling C: K turns each coordinate pair
// (2i, 2i+1) (K(2i, 2i+1) = −1, K(2i+1, 2i) = 1), C couples each coordinate to
// the same one of the next body, cyclically (C(i, i + body_dim mod n) = 1).
// Lipschitz constant of f in x: at most |diagonal| + |rotation| + |coupling|.
struct Coupling {
  double diagonal = -1;
  double rotation = 0;
  double coupling = 0;

  bool operator==(const Coupling&) const = default;
};

struct Schedule {
  std::string name = "manufactured";
  std::uint64_t seed = 0;  // the draw it came from (0: written by hand)
  double t_end = 2;
  int body_dim = 2;
  Coupling A;
  std::vector<Component> components;

  bool operator==(const Schedule&) const = default;
};

// The bodies a component owns (walls and obstacle 1, pair 2) and in total.
int bodies(const Component& c);
int bodies(const Schedule& s);
// The state dimension: body_dim times the bodies.
int dimension(const Schedule& s);

// Every rule the schedule breaks, one sentence each naming the field, its
// value and the rule (empty: valid). Structure only (sizes, signs, times,
// orthonormality); what needs x* itself (the lanes of the pairs never
// overlapping) is ManufacturedProblem's check_lanes.
std::vector<std::string> violations(const Schedule& s);
// Throws std::invalid_argument with every violation when there is one.
void validate(const Schedule& s);

// A few lines for people: the components, their constraints and contact times.
std::string describe(const Schedule& s);

// Bounds a schedule must keep (also the limits of a draw).
inline constexpr int kMaxDimension = 4096;
inline constexpr int kMaxContacts = 64;

}  // namespace sweepcheck::manufactured

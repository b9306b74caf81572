#pragma once
// The closed forms behind a schedule (manufactured.md, "Gaps" and
// "Multipliers"): a path p(t) and its rate, the gap γ(t) of one constraint
// with its rate γ'(t), and its multiplier μ(t). Generic on the scalar.
#include <cmath>
#include <cstddef>

#include "sweepcheck/analytic/manufactured/schedule.hpp"

namespace sweepcheck::manufactured {

// p(t) = x0 + v t + a sin(ω t + φ) and p'(t).
template <class T>
T path_value(const Path& p, const T& t) {
  using std::sin;
  return T(p.x0) + T(p.v) * t + T(p.a) * sin(T(p.omega) * t + T(p.phase));
}
template <class T>
T path_rate(const Path& p, const T& t) {
  using std::cos;
  return T(p.v) + T(p.a) * T(p.omega) * cos(T(p.omega) * t + T(p.phase));
}

// γ, γ' and μ of one constraint at time t; |∇g|² (1 for a unit gradient, 2
// for a pair) turns the landing's velocity jump into the multiplier's.
template <class T>
struct GapAt {
  T gap;    // γ(t) >= 0
  T rate;   // γ'(t) (the right derivative at a landing: 0)
  T mu;     // μ(t) >= 0 (the right value at a landing)
};

// The free flight between contacts (manufactured.md, "Gaps"), with t in the
// open piece:
//   before the first contact s_1 > 0:  γ = (s_1 − t)(γ_0/s_1 + κ t);
//   between e_i and s_{i+1}:           γ = κ (t − e_i)² (s_{i+1} − t)/(s_{i+1} − e_i);
//   after the last lift-off e:         γ = κ (t − e)²;
//   no contact at all:                 γ = γ_0 + κ t².
// Each is positive in its piece; a lift-off is a double root (γ' = 0: the
// velocity is continuous), a landing a simple one (γ' < 0).
template <class T>
void free_flight(const Gap& g, std::size_t next, const T& t, T& gap, T& rate) {
  const T k(g.curvature);
  const std::size_t n = g.contacts.size();
  if (n == 0) {
    gap = T(g.gap0) + k * t * t;
    rate = T(2) * k * t;
    return;
  }
  if (next == 0) {  // before the first contact
    const T s(g.contacts[0].first);
    const T slope = T(g.gap0) / s + k * t;
    gap = (s - t) * slope;
    rate = -slope + k * (s - t);
    return;
  }
  const T e(g.contacts[next - 1].second);
  if (next == n) {  // after the last lift-off
    gap = k * (t - e) * (t - e);
    rate = T(2) * k * (t - e);
    return;
  }
  const T s(g.contacts[next].first);
  const T w = s - e;
  gap = k * (t - e) * (t - e) * (s - t) / w;
  rate = k * (T(2) * (t - e) * (s - t) - (t - e) * (t - e)) / w;
}

// The landing rate γ'(s−) of contact i (s > 0): from free_flight's closed
// forms at t = s, −(γ_0/s + κ s) for the first, −κ (s − e_{i−1}) after a lift-off.
inline double landing_rate(const Gap& g, std::size_t i) {
  const double s = g.contacts[i].first;
  if (i == 0) return -(g.gap0 / s + g.curvature * s);
  return -g.curvature * (s - g.contacts[i - 1].second);
}

// μ_s, the multiplier at the start of contact i: mu0 from t = 0, else the
// landing's jump −γ'(s−)/|∇g|².
inline double contact_start_mu(const Gap& g, std::size_t i, double grad_norm2) {
  if (g.contacts[i].first == 0) return g.mu0;
  return -landing_rate(g, i) / grad_norm2;
}

template <class T>
GapAt<T> gap_at(const Gap& g, const T& t, double t_end, double grad_norm2) {
  // The piece holding t: contact i when s_i <= t <= e_i (a landing time
  // belongs to its contact, a lift-off time too: γ and γ' are 0 from both sides).
  std::size_t next = 0;
  for (; next < g.contacts.size(); ++next) {
    const auto& [s, e] = g.contacts[next];
    if (t < T(s)) break;
    if (t <= T(e)) {
      const T mu_s(contact_start_mu(g, next, grad_norm2));
      const T rho = e < t_end ? T((T(e) - t) / (T(e) - T(s))) : T(1);
      return {T(0), T(0), T((mu_s + T(g.press) * (t - T(s))) * rho)};
    }
  }
  GapAt<T> out{T(0), T(0), T(0)};
  free_flight(g, next, t, out.gap, out.rate);
  return out;
}

}  // namespace sweepcheck::manufactured

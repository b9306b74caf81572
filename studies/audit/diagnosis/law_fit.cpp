// Laws fitted to what the diagnosis reads per step or per rung (law_fit.hpp).
#include "studies/audit/diagnosis/law_fit.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>

namespace sweepcheck {

namespace {

int distinct_values(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  int n = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i == 0 || std::abs(v[i] - v[i - 1]) > 1e-12 * (1 + std::abs(v[i]))) ++n;
  return n;
}

}  // namespace

PowerLaw fit_power_law(const std::vector<double>& x, const std::vector<double>& y) {
  PowerLaw L;
  const std::size_t n = x.size();
  if (n != y.size() || n < 2) return L;
  const double sign = y[0] < 0 ? -1 : 1;
  std::vector<double> u, v;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(x[i] > 0) || !(sign * y[i] > 0) || !std::isfinite(x[i]) || !std::isfinite(y[i])) return L;
    u.push_back(std::log(x[i])), v.push_back(std::log(sign * y[i]));
  }
  double mu = 0, mv = 0;
  for (std::size_t i = 0; i < n; ++i) mu += u[i], mv += v[i];
  mu /= double(n), mv /= double(n);
  double suu = 0, suv = 0;
  for (std::size_t i = 0; i < n; ++i) suu += (u[i] - mu) * (u[i] - mu), suv += (u[i] - mu) * (v[i] - mv);
  if (!(suu > 0)) return L;
  L.points = int(n);
  L.q = suv / suu;
  L.c = sign * std::exp(mv - L.q * mu);
  double ss = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double e = v[i] - (mv + L.q * (u[i] - mu));
    ss += e * e;
  }
  L.rms = std::sqrt(ss / double(n));
  if (n >= 3) {
    const double df = double(n) - 2;
    const double se = std::sqrt(ss / df / suu);
    const boost::math::students_t dist(df);
    L.half_width = boost::math::quantile(boost::math::complement(dist, 0.025)) * se;
  }
  L.supported = L.points >= kLawMinPoints && L.half_width <= kLawMaxHalfWidth;
  return L;
}

ClockLaw fit_clock(const std::vector<double>& t_k, const std::vector<double>& h, const std::vector<double>& t_q) {
  ClockLaw L;
  const std::size_t n = t_k.size();
  if (h.size() != n || t_q.size() != n || n < 3) return L;
  // Normal equations of t_q = a t_k + beta h + b (3 x 3), solved by Cramer's rule
  // on centred columns (b from the means).
  double mk = 0, mh = 0, mq = 0, big = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mk += t_k[i], mh += h[i], mq += t_q[i];
    big = std::max({big, std::abs(t_k[i]), std::abs(t_q[i])});
  }
  mk /= double(n), mh /= double(n), mq /= double(n);
  double skk = 0, skh = 0, shh = 0, skq = 0, shq = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double k = t_k[i] - mk, hh = h[i] - mh, q = t_q[i] - mq;
    skk += k * k, skh += k * hh, shh += hh * hh, skq += k * q, shq += hh * q;
  }
  const double det = skk * shh - skh * skh;
  L.points = int(n);
  if (!(std::abs(det) > 1e-300) || distinct_values(t_k) < 3 || distinct_values(h) < 2) return L;
  L.a = (skq * shh - shq * skh) / det;
  L.beta = (skk * shq - skh * skq) / det;
  L.b = mq - L.a * mk - L.beta * mh;
  double ss = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double e = L.a * t_k[i] + L.beta * h[i] + L.b - t_q[i];
    ss += e * e;
  }
  L.rms = std::sqrt(ss / double(n));
  L.supported = L.rms <= kClockRoundOff * (1 + big);
  return L;
}

}  // namespace sweepcheck

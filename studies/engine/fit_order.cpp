#include "sweepcheck/studies/engine/fit_order.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace sweepcheck {

void FitOptions::validate() const {
  if (min_points < 2) throw std::invalid_argument("FitOptions: min_points must be >= 2");
  if (!(floor_factor >= 0)) throw std::invalid_argument("FitOptions: floor_factor must be >= 0");
  if (!(window_tolerance > 0)) throw std::invalid_argument("FitOptions: window_tolerance must be > 0");
  if (!(resolution >= 0)) throw std::invalid_argument("FitOptions: resolution must be >= 0");
  if (!(max_ci_width > 0)) throw std::invalid_argument("FitOptions: max_ci_width must be > 0");
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("FitOptions: confidence must lie in (0, 1)");
  if (looks < 1) throw std::invalid_argument("FitOptions: looks must be >= 1 (got " + std::to_string(looks) + ")");
  if (settle_count < 2) throw std::invalid_argument("FitOptions: settle_count must be >= 2 (a step test needs two halves)");
  if (judge_points < settle_count + 1)
    throw std::invalid_argument("FitOptions: judge_points must be >= settle_count + 1 (the judge window holds the last settle_count local orders)");
}

std::string to_string(FitVerdict v) {
  switch (v) {
    case FitVerdict::pass: return "pass";
    case FitVerdict::fail: return "fail";
    case FitVerdict::inconclusive: return "inconclusive";
    case FitVerdict::none_claimed: return "none-claimed";
    case FitVerdict::pre_asymptotic: return "pre-asymptotic";
    case FitVerdict::unsettled: return "unsettled";
  }
  return "unknown";
}

namespace {

double local_order(const OrderPoint& a, const OrderPoint& b) {
  return std::log(b.error / a.error) / std::log(b.h / a.h);
}

struct Line {
  double slope, intercept, std_error;
};

// Ordinary least squares of y on x; std_error is the slope's standard error
// (NaN with two points: no residual degrees of freedom).
Line least_squares(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  const double slope = sxy / sxx;
  const double intercept = my - slope * mx;
  double ssr = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - intercept - slope * x[i];
    ssr += r * r;
  }
  const double se = x.size() > 2 ? std::sqrt(ssr / (n - 2) / sxx) : std::numeric_limits<double>::quiet_NaN();
  return {slope, intercept, se};
}

std::string fixed3(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", x == 0 ? 0.0 : x);
  return std::string(buf) == "-0.000" ? "0.000" : buf;
}

std::string fmt3(const char* text, double x) { return text + fixed3(x); }

// A confidence as a percentage, 4 significant digits: "95", "99.44".
std::string percent(double confidence) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", 100 * confidence);
  return buf;
}

double t_quantile(double df, double confidence) {
  const boost::math::students_t dist(df);
  return boost::math::quantile(boost::math::complement(dist, (1 - confidence) / 2));
}

// Least squares of y on (1, x, x²) (quadratic) or (1, x) with x centred on
// its mean: the coefficients, the unscaled covariance (AᵀA)⁻¹ and the sum of
// squared residuals.
struct Poly {
  int terms = 0;
  double x_mean = 0;
  double coef[3] = {0, 0, 0};
  double inv[3][3] = {};
  double ssr = 0;
  // d y / d x at x, and the unscaled variance of that derivative.
  double slope_at(double x) const { return coef[1] + (terms == 3 ? 2 * coef[2] * (x - x_mean) : 0.0); }
  double slope_var_at(double x) const {
    const double g[3] = {0, 1, terms == 3 ? 2 * (x - x_mean) : 0.0};
    double v = 0;
    for (int i = 0; i < terms; ++i)
      for (int j = 0; j < terms; ++j) v += g[i] * inv[i][j] * g[j];
    return v;
  }
};

Poly poly_fit(const std::vector<double>& x, const std::vector<double>& y, int terms) {
  Poly p;
  p.terms = terms;
  const std::size_t n = x.size();
  p.x_mean = std::accumulate(x.begin(), x.end(), 0.0) / double(n);
  double m[3][3] = {}, r[3] = {};
  for (std::size_t k = 0; k < n; ++k) {
    const double u = x[k] - p.x_mean;
    const double f[3] = {1, u, u * u};
    for (int i = 0; i < terms; ++i) {
      r[i] += f[i] * y[k];
      for (int j = 0; j < terms; ++j) m[i][j] += f[i] * f[j];
    }
  }
  // Gauss–Jordan on the (at most 3×3, positive definite) normal matrix.
  double a[3][6] = {};
  for (int i = 0; i < terms; ++i) {
    for (int j = 0; j < terms; ++j) a[i][j] = m[i][j];
    a[i][terms + i] = 1;
  }
  for (int c = 0; c < terms; ++c) {
    int piv = c;
    for (int i = c + 1; i < terms; ++i)
      if (std::abs(a[i][c]) > std::abs(a[piv][c])) piv = i;
    for (int j = 0; j < 2 * terms; ++j) std::swap(a[c][j], a[piv][j]);
    const double d = a[c][c];
    for (int j = 0; j < 2 * terms; ++j) a[c][j] /= d;
    for (int i = 0; i < terms; ++i) {
      if (i == c) continue;
      const double f = a[i][c];
      for (int j = 0; j < 2 * terms; ++j) a[i][j] -= f * a[c][j];
    }
  }
  for (int i = 0; i < terms; ++i)
    for (int j = 0; j < terms; ++j) p.inv[i][j] = a[i][terms + j];
  for (int i = 0; i < terms; ++i)
    for (int j = 0; j < terms; ++j) p.coef[i] += p.inv[i][j] * r[j];
  for (std::size_t k = 0; k < n; ++k) {
    const double u = x[k] - p.x_mean;
    const double e = y[k] - (p.coef[0] + p.coef[1] * u + (terms == 3 ? p.coef[2] * u * u : 0.0));
    p.ssr += e * e;
  }
  return p;
}

// 1. Usable points: run finished cleanly, h > 0, finite positive error;
// 2. above the floor. Their indices, by increasing h, the first of each h.
std::vector<int> usable_points(const std::vector<OrderPoint>& points, const FitOptions& opt, OrderFit& fit) {
  std::vector<int> idx;
  for (int i = 0; i < static_cast<int>(points.size()); ++i) {
    const auto& p = points[static_cast<std::size_t>(i)];
    const bool ok = p.usable && p.h > 0 && std::isfinite(p.h) && std::isfinite(p.error) && p.error > 0;
    if (!ok) {
      ++fit.dropped_unusable;
      continue;
    }
    // 2. Floor: below floor_factor × the run's noise floor, the error measures
    // round-off or solver tolerance, not the scheme.
    if (p.error < opt.floor_factor * p.noise_floor) {
      ++fit.dropped_floor;
      continue;
    }
    idx.push_back(i);
  }
  std::sort(idx.begin(), idx.end(), [&](int a, int b) { return points[static_cast<std::size_t>(a)].h < points[static_cast<std::size_t>(b)].h; });
  // Equal step sizes cannot give an order; keep the first of each.
  idx.erase(std::unique(idx.begin(), idx.end(), [&](int a, int b) { return points[static_cast<std::size_t>(a)].h == points[static_cast<std::size_t>(b)].h; }), idx.end());
  return idx;
}

// The usable points by increasing h: P(k) is the k-th smallest step's, xs and
// ys their log h and log error.
struct Ladder {
  const std::vector<OrderPoint>& points;
  std::vector<int> idx;
  std::vector<double> xs, ys;
  const OrderPoint& P(int k) const { return points[static_cast<std::size_t>(idx[static_cast<std::size_t>(k)])]; }
  int size() const { return static_cast<int>(idx.size()); }
  Line fit_first(int count) const {
    return least_squares(std::vector<double>(xs.begin(), xs.begin() + count),
                         std::vector<double>(ys.begin(), ys.begin() + count));
  }
};

// 3. Settling at the smallest steps (fit_order.md, "Settling"). `xs`, `ys`:
// log h and log e of the usable points above the floor, ascending h. The
// judge window is the judge_points smallest steps (all of them if fewer).
// log e is regressed on log h with a curvature term (a line with 3 points):
// the residuals' spread is the jitter, measured, not assumed. The trend is
// the change of the fitted local order d log e / d log h per halving of h,
// with its t-interval on the residual degrees of freedom. The local orders
// drift ("moving") when
//  - the trend's interval excludes 0 and the trend moves the order by more
//    than the resolution across settle_count − 1 halvings (a deterministic
//    e = c h^p (1 + a h^q) has monotone local orders forever, and its last
//    hundredths are not resolved by any finite ladder), or
//  - the means of the two halves of the last settle_count local orders
//    differ by more than the resolution and by more than the t-quantile
//    times that difference's standard error under the jitter (a step: a
//    transient decaying below the finest step, the property suite's bump).
// Otherwise they have settled: no drift is shown, and the scatter that
// remains is the jitter, which the interval carries.
void settle(OrderFit& fit, const FitOptions& opt, const std::vector<double>& xs, const std::vector<double>& ys) {
  const std::size_t m = std::min(xs.size(), static_cast<std::size_t>(opt.judge_points));
  if (m < 3) return;
  const std::vector<double> x(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(m));
  const std::vector<double> y(ys.begin(), ys.begin() + static_cast<std::ptrdiff_t>(m));
  const auto& lo = fit.local_orders;  // descending h: the back is the most asymptotic
  std::vector<double> window_orders;
  for (std::size_t i = lo.size() - (m - 1); i < lo.size(); ++i) window_orders.push_back(lo[i].order);
  const auto [mn, mx] = std::minmax_element(window_orders.begin(), window_orders.end());
  fit.settle_spread = *mx - *mn;
  fit.settle_mean = std::accumulate(window_orders.begin(), window_orders.end(), 0.0) / double(window_orders.size());
  std::vector<double> sorted = window_orders;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t nw = sorted.size();
  fit.settle_median = nw % 2 ? sorted[nw / 2] : 0.5 * (sorted[nw / 2 - 1] + sorted[nw / 2]);

  const int terms = m >= 4 ? 3 : 2;
  const Poly poly = poly_fit(x, y, terms);
  const double df = double(m) - terms;
  const double q = t_quantile(df, opt.confidence);
  const double s = std::sqrt(poly.ssr / df);
  const double mean_step = (x.back() - x.front()) / double(m - 1);  // log of the mean step ratio (> 0)
  fit.jitter_log = s;
  fit.jitter = s * std::sqrt(2.0) / mean_step;
  fit.finest_order = poly.slope_at(x.front());
  fit.finest_order_se = s * std::sqrt(poly.slope_var_at(x.front()));
  fit.jitter_df = df;
  const double finest_half = std::max(q * fit.finest_order_se, opt.resolution);
  fit.finest_order_low = fit.finest_order - finest_half;
  fit.finest_order_high = fit.finest_order + finest_half;
  if (terms < 3) return;  // three points: no drift can be shown

  // Per halving, log h falls by ln 2 and the local order b + 2 c log h changes by −2 c ln 2.
  const double per_halving = -2 * std::numbers::ln2;
  fit.trend = per_halving * poly.coef[2];
  const double trend_half = q * s * std::sqrt(poly.inv[2][2]) * std::abs(per_halving);
  fit.trend_low = fit.trend - trend_half;
  fit.trend_high = fit.trend + trend_half;
  const double span = opt.settle_count - 1;  // halvings across the last settle_count local orders
  const bool trend_drift =
      (fit.trend_low > 0 || fit.trend_high < 0) && std::abs(fit.trend) * span > opt.resolution;

  bool step_drift = false;
  const std::size_t k = static_cast<std::size_t>(opt.settle_count);
  if (m >= k + 1) {
    // Local order of the pair (j+1, j) (ascending h): (y[j+1] − y[j]) / (x[j+1] − x[j]).
    // The last k local orders use points 0..k; the finer half is pairs 0..k/2−1.
    std::vector<double> c(k + 1, 0.0);
    const std::size_t half = k / 2;
    for (std::size_t j = 0; j < k; ++j) {
      const double w = (j < half ? 1.0 / double(half) : -1.0 / double(k - half)) / (x[j + 1] - x[j]);
      c[j + 1] += w;
      c[j] -= w;
    }
    double delta = 0, norm2 = 0;
    for (std::size_t j = 0; j <= k; ++j) {
      delta += c[j] * y[j];
      norm2 += c[j] * c[j];
    }
    // delta: mean of the finer half minus mean of the coarser half.
    step_drift = std::abs(delta) > opt.resolution && std::abs(delta) > q * s * std::sqrt(norm2);
  }
  fit.moving = trend_drift || step_drift;
}

// 4. Asymptotic window (fit_order.md, "Window"): the finest w points whose
// least-squares slope agrees with the slope of every smaller window of
// finest points, from the settle_count smallest up (Lepski's rule): a larger
// window is taken only while the rungs it adds do not pull its slope away
// from the finest steps' by more than the jitter explains,
// |b_w − b_k| <= max(t · sqrt(Var b_k − Var b_w), resolution / 5) (the
// variance of the difference of a nested estimate and a more efficient one,
// t the 95 % quantile on the jitter's degrees of freedom; a pull under a
// fifth of the resolution is none). Jitter alone keeps the whole
// ladder (the most precise estimate); a drift stops the window where it
// becomes visible, so a crossover that has begun is judged on its finest
// steps. Small steps are the asymptotic regime by definition: an error that
// stalls above the noise floor stays in the fit. Returns the window's size.
int asymptotic_window(const Ladder& l, const OrderFit& fit, const FitOptions& opt) {
  const int available = l.size();
  const int first = std::min(available, std::max(opt.min_points, opt.settle_count));
  if (available <= first || !std::isfinite(fit.jitter_log) || !(fit.jitter_df >= 1)) return available;
  // The jitter the comparisons are judged against: the judge window's, or
  // that of the settle_count + 1 finest points (curvature fit, 2 degrees of
  // freedom) when smaller, so that a transient inside the judge window (an
  // event's bump, not jitter) does not let the window reach back over it.
  double s_cmp = fit.jitter_log, df_cmp = fit.jitter_df;
  const int few = opt.settle_count + 1;
  if (available >= few && few >= 4) {
    const Poly q = poly_fit(std::vector<double>(l.xs.begin(), l.xs.begin() + few),
                            std::vector<double>(l.ys.begin(), l.ys.begin() + few), 3);
    const double s_few = std::sqrt(q.ssr / (few - 3.0));
    if (s_few < s_cmp) {
      s_cmp = s_few;
      df_cmp = few - 3.0;
    }
  }
  const double s2 = s_cmp * s_cmp;
  const double kappa = t_quantile(df_cmp, opt.confidence);
  // A pull smaller than a fifth of the resolution is none: it moves a bound
  // by at most δ / 5, and a deterministic error's last hundredths (jitter
  // ~0, so any difference is significant) are not resolved by any ladder.
  const double pull = opt.resolution / 5;
  std::vector<double> slope(static_cast<std::size_t>(available + 1)), var(static_cast<std::size_t>(available + 1));
  for (int w = first; w <= available; ++w) {
    const std::vector<double> x(l.xs.begin(), l.xs.begin() + w);
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / w;
    double sxx = 0;
    for (double v : x) sxx += (v - mx) * (v - mx);
    slope[static_cast<std::size_t>(w)] = l.fit_first(w).slope;
    var[static_cast<std::size_t>(w)] = s2 / sxx;
  }
  int end = first;
  for (int w = first + 1; w <= available; ++w) {
    bool agrees = true;
    for (int k = first; k < w && agrees; ++k) {
      const auto K = static_cast<std::size_t>(k), W = static_cast<std::size_t>(w);
      agrees = std::abs(slope[W] - slope[K]) <= std::max(kappa * std::sqrt(std::max(0.0, var[K] - var[W])), pull);
    }
    if (!agrees) break;
    end = w;
  }
  return end;
}

// 6. Interval. The errors are deterministic, e = c h^p (1 + O(h^q)), plus
// event jitter where contacts switch, so the least-squares slope is biased
// by the drift of the local orders across the window, and a purely
// statistical interval would shrink around that bias. The interval is
//  - the slope ± the largest of: its t-interval, the resolution we claim
//    for orders at all, and the measured jitter's t-interval for this
//    slope (the judge window's residual spread over the window's spread of
//    log h, on the judge window's degrees of freedom);
//  - extended to the judge window's trend line at the finest step ±
//    resolution (the most asymptotic estimate we have, smoothed over the
//    judge window so that one jittered point does not move it) when that
//    differs from the slope by more than the jitter explains (t-quantile ×
//    the standard error of the difference): a deterministic drift widens
//    the interval toward where the local orders are going; jitter alone
//    does not (it is already in the half-width).
// drift = |slope − that finest local order| is reported.
void set_interval(OrderFit& fit, const Ladder& l, const Line& line, int end, const FitOptions& opt) {
  fit.resolution = opt.resolution;
  if (!std::isfinite(fit.finest_order)) {  // two points: the one local order
    fit.finest_order = local_order(l.P(1), l.P(0));
    fit.finest_order_low = fit.finest_order - opt.resolution;
    fit.finest_order_high = fit.finest_order + opt.resolution;
  }
  fit.drift = std::abs(line.slope - fit.finest_order);
  fit.look_confidence = 1 - (1 - opt.confidence) / opt.looks;
  if (end <= 2) return;
  const std::vector<double> x(l.xs.begin(), l.xs.begin() + end), y(l.ys.begin(), l.ys.begin() + end);
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / end;
  double sxx = 0;
  for (double v : x) sxx += (v - mx) * (v - mx);
  fit.window_offset = (mx - x.front()) / std::numbers::ln2;
  // The jitter: measured over the window itself (log e about a curvature
  // fit, end − 3 degrees of freedom) when it holds at least 5 points, else
  // the judge window's.
  double s = fit.jitter_log, df = fit.jitter_df;
  double trend_low = fit.trend_low, trend_high = fit.trend_high;
  if (end >= 5) {
    const Poly q = poly_fit(x, y, 3);
    df = end - 3.0;
    s = std::sqrt(q.ssr / df);
    // The trend over the window: −2 c ln 2 per halving, with its t-interval.
    const double per_halving = -2 * std::numbers::ln2;
    const double half = t_quantile(df, opt.confidence) * s * std::sqrt(q.inv[2][2]) * std::abs(per_halving);
    trend_low = per_halving * q.coef[2] - half;
    trend_high = per_halving * q.coef[2] + half;
    // The finest step's order from the same curvature fit, with its
    // interval at the plain confidence: what the scatter guard reads
    // (a window of settled points measures it better than the judge window).
    fit.finest_order = q.slope_at(x.front());
    fit.finest_order_se = s * std::sqrt(q.slope_var_at(x.front()));
    const double finest_half = t_quantile(df, opt.confidence) * fit.finest_order_se;
    fit.finest_order_low = fit.finest_order - finest_half;
    fit.finest_order_high = fit.finest_order + finest_half;
  }
  if (std::isfinite(trend_high)) {
    fit.rise_allowance = std::max(0.0, trend_high) * fit.window_offset;
    fit.fall_allowance = std::max(0.0, -trend_low) * fit.window_offset;
  }
  if (!std::isfinite(s) || !(df >= 1)) {  // no jitter measured: the line's own residuals
    s = line.std_error * std::sqrt(sxx);
    df = end - 2.0;
  }
  // Correlated jitter (an error that stays high for a few rungs) makes the
  // slope vary more than independent jitter of the same size: with the lag-1
  // autocorrelation r of the window's residuals, the variance grows by
  // (1 + r) / (1 − r) (the effective number of points), never shrinks.
  double inflate = 1;
  if (end >= 6) {
    const Poly q = poly_fit(x, y, end > opt.judge_points ? 3 : 2);
    std::vector<double> r(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) {
      const double u = x[k] - q.x_mean;
      r[k] = y[k] - (q.coef[0] + q.coef[1] * u + (q.terms == 3 ? q.coef[2] * u * u : 0.0));
    }
    double c0 = 0, c1 = 0;
    for (std::size_t k = 0; k < r.size(); ++k) {
      c0 += r[k] * r[k];
      if (k + 1 < r.size()) c1 += r[k] * r[k + 1];
    }
    const double rho = c0 > 0 ? std::clamp(c1 / c0, 0.0, 0.6) : 0.0;
    inflate = std::sqrt((1 + rho) / (1 - rho));
  }
  fit.std_error = inflate * s / std::sqrt(sxx);
  fit.statistical_half_width = t_quantile(df, fit.look_confidence) * fit.std_error;
  fit.jitter_half_width = fit.statistical_half_width;
  fit.ci_low = line.slope - fit.statistical_half_width;
  fit.ci_high = line.slope + fit.statistical_half_width;
}

// "local orders scatter ±0.012, no trend (…), down to h = …": what a verdict's reason ends with.
// "No trend" only where the interval shown holds 0 (issue 60); a trend
// whose interval excludes 0 but which moves the order by at most the
// resolution across the settling span (not drift, "Settling") is named as
// such, with the numbers that make it so.
std::string scatter_words(const OrderFit& fit, bool floor_judged, const FitOptions& opt) {
  std::ostringstream s;
  // Three decimals: the resolution is 0.05, and round-off digits of an
  // exact power law (±3e-15) must not reach a report; an interval is judged
  // as it is printed (one reaching 0.000 holds 0).
  const auto shown = [](double x) { return std::round(x * 1000) / 1000; };
  const bool holds_zero = shown(fit.trend_low) <= 0 && shown(fit.trend_high) >= 0;
  const double span = opt.settle_count - 1;
  if (std::isfinite(fit.trend) && holds_zero)
    s << "local orders scatter ±" << fixed3(fit.jitter) << ", no trend (" << fixed3(fit.trend)
      << " per halving of h [" << fixed3(fit.trend_low) << ", " << fixed3(fit.trend_high) << "])";
  else if (std::isfinite(fit.trend))
    s << "local orders scatter ±" << fixed3(fit.jitter) << ", a trend of " << fixed3(fit.trend) << " per halving of h ["
      << fixed3(fit.trend_low) << ", " << fixed3(fit.trend_high) << "] (" << fixed3(std::abs(fit.trend) * span)
      << " over " << span << " halvings: "
      << (std::abs(fit.trend) * span > opt.resolution ? "beyond" : "within") << " the resolution " << opt.resolution
      << ")";
  else
    s << "local orders scatter ±" << fixed3(fit.jitter) << " (too few points to show a trend)";
  s << ", down to h = " << fit.finest_h;
  if (floor_judged) s << "; the floor ended refinement, so the points that exist are judged";
  return s.str();
}

// 7. Verdict (fit_order.md, "Verdicts"): an equivalence test with the
// indifference zone δ = resolution. [L, U] is this look's interval of the
// order at the finest steps (the window's slope, "Interval"). One-sided
// claim "order >= p": pass when L >= p − δ (the data show the claim); fail
// when U < p − δ on settled local orders whose median misses p − δ too (the
// data show its failure; one outlying dip does not); otherwise neither is
// shown: pre-asymptotic while the local orders move toward the claim,
// unsettled while they move away, else inconclusive, and the loop refines.
// A sharp claim needs both bounds within p ± δ to pass, and one outside to
// fail. Scatter never passes: an interval wider than max_ci_width does not.
// Sets fit.settled, fit.verdict and fit.reason; `end` is the window's size.
void judge(OrderFit& fit, int end, const FitOptions& opt) {
  std::ostringstream why;
  const double p = opt.expected_order, d = opt.resolution;
  const bool sharp = opt.expected_is_sharp;
  // Scatter never passes: the window's interval and the finest step's (the
  // judge window's trend line at the finest step, at the plain confidence)
  // must both be at most max_ci_width wide for a pass or a fail. The slope
  // over many points averages an alternating scatter out; the finest step's
  // estimate cannot, so it is the one the scatter must pass.
  const double width = fit.ci_high - fit.ci_low;
  const double finest_width = fit.finest_order_high - fit.finest_order_low;
  // And one local order's scatter band (± its measured standard deviation)
  // must be no wider than max_ci_width: local orders that scatter by ±0.5
  // around p do not show p, however many of them a slope averages.
  const bool wide = !(width <= opt.max_ci_width) || !(finest_width <= opt.max_ci_width) ||
                    (std::isfinite(fit.jitter) && !(2 * fit.jitter <= opt.max_ci_width));
  const bool enough_orders = fit.local_orders.size() >= static_cast<std::size_t>(opt.settle_count);
  const bool floor_judged = !enough_orders && opt.ladder_ended_by_floor;
  fit.settled = (enough_orders || floor_judged) && end >= opt.min_points && !fit.moving;
  const double last_order = fit.local_orders.empty() ? fit.order : fit.local_orders.back().order;
  const std::string claim = sharp ? fmt3("the claimed (sharp) order ", p) : fmt3("the claimed bound >= ", p);
  const std::string interval_text = [&] {
    std::ostringstream s;
    s << fixed3(fit.order) << " [" << fixed3(fit.ci_low) << ", " << fixed3(fit.ci_high) << "] over " << end
      << " points (" << percent(fit.look_confidence) << "% interval"
      << (opt.looks > 1 ? ", Bonferroni over " + std::to_string(opt.looks) + " looks)" : ")");
    return s.str();
  }();
  const std::string zone = sharp ? "[" + fixed3(p - d) + ", " + fixed3(p + d) + "]" : ">= " + fixed3(p - d);
  const std::string scatter = scatter_words(fit, floor_judged, opt);
  if (std::isnan(p)) {
    fit.verdict = FitVerdict::none_claimed;
    why << "no order claimed; observed order " << fit.order;
    if (fit.settled) why << ", local orders settled at " << fit.settle_mean << " (scatter ±" << fixed3(fit.jitter) << ")";
    else if (std::isfinite(fit.trend)) why << ", local orders not settled (mean " << fit.settle_mean << ", trend " << fit.trend << " per halving of h)";
    fit.reason = why.str();
    return;
  }
  if (end < opt.min_points) {
    fit.verdict = FitVerdict::inconclusive;
    why << "only " << end << " points in the asymptotic window (need " << opt.min_points << ")";
    fit.reason = why.str();
    return;
  }
  if (!enough_orders && !floor_judged) {
    fit.verdict = FitVerdict::inconclusive;
    why << "only " << fit.local_orders.size() << " local orders above the noise floor (judging needs "
        << opt.settle_count << ", or a floor that ends refinement)";
    fit.reason = why.str();
    return;
  }
  const double L = fit.ci_low, U = fit.ci_high;
  const bool shown = sharp ? L >= p - d && U <= p + d : L >= p - d;
  // A fail is final: it must hold at the finest step even if the local
  // orders rise from the window's centre to the finest step as fast as the
  // trend's 95 % bound allows (a correct scheme still pre-asymptotic from
  // below, its rise hidden by the jitter, is refined, not failed).
  const bool below = U + fit.rise_allowance < p - d;
  const bool above = sharp && L - fit.fall_allowance > p + d;
  // A fail is final, so one outlying dip (an event) must not make it: the
  // median of the judge window's local orders must miss the zone by more
  // than its own interval too (its standard error under iid jitter is about
  // sqrt(π/2) σ / sqrt(n) for n local orders of standard deviation σ).
  const double n_orders = std::min<double>(double(fit.local_orders.size()), double(opt.judge_points - 1));
  const double median_half =
      std::isfinite(fit.jitter) && fit.jitter_df >= 1
          ? t_quantile(fit.jitter_df, opt.confidence) * std::sqrt(std::numbers::pi / 2) * fit.jitter / std::sqrt(n_orders)
          : 0.0;
  const bool median_misses =
      below ? fit.settle_median + median_half < p - d : fit.settle_median - median_half > p + d;
  // Too few local orders for a drift test (a floor ended the ladder): the
  // most asymptotic one must lie in the zone too, or a drift the points
  // cannot show (a crossover that has begun) would pass.
  const bool floor_guard = floor_judged && (sharp ? std::abs(last_order - p) > d : last_order + d < p);
  if (shown && !wide && !floor_guard) {
    fit.verdict = FitVerdict::pass;
    why << claim << (!sharp && L > p ? " is exceeded" : " is shown") << ": the order at the finest steps, "
        << interval_text << ", lies " << (sharp ? "within " + zone : "at or above " + fixed3(p - d))
        << " (the claim within the resolution " << fixed3(d) << "), and the finest step's local order "
        << fixed3(fit.finest_order) << " [" << fixed3(fit.finest_order_low) << ", " << fixed3(fit.finest_order_high)
        << "] is at most " << fixed3(opt.max_ci_width) << " wide; " << scatter;
  } else if ((below || above) && fit.settled && median_misses && !wide) {
    fit.verdict = FitVerdict::fail;
    why << claim << " is refuted: it lies " << (below ? "above" : "below")
        << " the whole interval of the order at the finest steps, " << interval_text << ", which lies "
        << (below ? "below " : "above ") << (below ? fixed3(p - d) : fixed3(p + d))
        << " with settled local orders (mean " << fixed3(fit.settle_mean) << ", median " << fixed3(fit.settle_median)
        << "); " << scatter;
  } else if (fit.moving) {
    const double m = fit.settle_mean, t = fit.trend;
    const bool toward = m < p ? t > 0 : t < 0;
    if (toward) {
      fit.verdict = FitVerdict::pre_asymptotic;
      if (m < p && t > 0) fit.suggested_h = fit.finest_h / std::exp2((p - m) / t);
      why << "pre-asymptotic: the local orders still move toward " << claim << ": mean " << fixed3(m) << ", trend "
          << fixed3(t) << " per halving of h [" << fixed3(fit.trend_low) << ", " << fixed3(fit.trend_high)
          << "] against a scatter of ±" << fixed3(fit.jitter) << ", down to h = " << fit.finest_h << "; the order at the finest steps is "
          << interval_text;
      if (std::isfinite(fit.suggested_h)) why << "; the trend reaches the claim near h = " << fit.suggested_h;
    } else {
      fit.verdict = FitVerdict::unsettled;
      why << "unsettled: the local orders move away from " << claim << ": mean " << fixed3(m) << ", trend "
          << fixed3(t) << " per halving of h [" << fixed3(fit.trend_low) << ", " << fixed3(fit.trend_high)
          << "] against a scatter of ±" << fixed3(fit.jitter) << ", down to h = " << fit.finest_h << "; the order at the finest steps is "
          << interval_text;
    }
  } else if (below || above) {
    fit.verdict = FitVerdict::unsettled;
    why << "unsettled: the order at the finest steps, " << interval_text << ", misses " << zone
        << ", but the median of the finest local orders, " << fixed3(fit.settle_median)
        << ", does not: an outlier, not a settled order; " << scatter;
  } else if (floor_guard && shown && !wide) {
    fit.verdict = FitVerdict::inconclusive;
    why << "the order at the finest steps, " << interval_text << ", lies in " << zone
        << ", but the local order of the two smallest steps, " << fixed3(last_order) << ", misses it, and "
        << fit.local_orders.size() << " local orders cannot show whether they drift; " << scatter;
  } else {
    fit.verdict = FitVerdict::inconclusive;
    why << (wide ? "scattered: " : "not shown either way: ") << "the order at the finest steps, " << interval_text
        << (wide ? " and the finest step's local order " + fixed3(fit.finest_order) + " [" + fixed3(fit.finest_order_low) +
                       ", " + fixed3(fit.finest_order_high) + "]: wider than " + fixed3(opt.max_ci_width) +
                       " (scatter never passes)"
                 : sharp ? ", reaches out of the zone " + zone : ", reaches across " + fixed3(p - d))
        << "; " << scatter;
  }
  fit.reason = why.str();
}

}  // namespace

OrderFit fit_order(const std::vector<OrderPoint>& points, const FitOptions& opt) {
  opt.validate();
  OrderFit fit;
  fit.expected_order = opt.expected_order;
  fit.expected_is_sharp = opt.expected_is_sharp;

  // Steps 1-7 of fit_order.md (its numbered list), in order; the functions above
  // are in the same order, each under its step's number.
  Ladder l{points, usable_points(points, opt, fit), {}, {}};  // 1, 2
  for (int k = l.size() - 1; k > 0; --k)
    fit.local_orders.push_back({l.P(k).h, l.P(k - 1).h, local_order(l.P(k), l.P(k - 1))});
  if (l.size() > 0) fit.finest_h = l.P(0).h;
  for (int k = 0; k < l.size(); ++k) {
    l.xs.push_back(std::log(l.P(k).h));
    l.ys.push_back(std::log(l.P(k).error));
  }
  settle(fit, opt, l.xs, l.ys);  // 3

  const int end = asymptotic_window(l, fit, opt);  // 4
  fit.dropped_preasymptotic = l.size() - end;
  if (end < 2) {
    fit.verdict = FitVerdict::inconclusive;
    fit.reason = "fewer than two usable points above the noise floor";
    return fit;
  }
  const Line line = l.fit_first(end);  // 5. Fit: least squares over the window
  fit.order = line.slope;
  fit.intercept = line.intercept;
  fit.std_error = line.std_error;
  fit.points_used = end;
  fit.h_min = l.P(0).h;
  fit.h_max = l.P(end - 1).h;
  for (int k = 0; k < end; ++k) fit.used.push_back(l.idx[static_cast<std::size_t>(k)]);
  set_interval(fit, l, line, end, opt);  // 6
  judge(fit, end, opt);                  // 7
  return fit;
}

}  // namespace sweepcheck

#include "studies/engine/fit_order.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
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
  if (!(settle_spread > 0)) throw std::invalid_argument("FitOptions: settle_spread must be > 0");
  if (settle_count < 3) throw std::invalid_argument("FitOptions: settle_count must be >= 3 (a trend needs an interval)");
}

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::pass: return "pass";
    case Verdict::fail: return "fail";
    case Verdict::inconclusive: return "inconclusive";
    case Verdict::none_claimed: return "none-claimed";
    case Verdict::pre_asymptotic: return "pre-asymptotic";
    case Verdict::unsettled: return "unsettled";
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

// Settling of the local orders at the smallest steps (fit_order.md,
// "Settling"): the last settle_count local orders, regressed on the number
// of halvings of h (their centres in log2 h). The trend is that slope, the
// change of the local order per halving, with its t-interval. They have
// settled when their spread is at most settle_spread and they do not move:
// the trend's interval contains 0, or the trend moves the order by at most
// the resolution across them (a deterministic approach e = c h^p (1 + a h^q)
// is monotone forever, but its last hundredths are not told apart).
void settle(OrderFit& fit, const FitOptions& opt) {
  const auto& lo = fit.local_orders;  // descending h: the back is the most asymptotic
  const std::size_t k = static_cast<std::size_t>(opt.settle_count);
  if (lo.size() < k) return;
  std::vector<double> x, y;
  for (auto it = lo.end() - static_cast<std::ptrdiff_t>(k); it != lo.end(); ++it) {
    x.push_back(-0.5 * (std::log2(it->h_large) + std::log2(it->h_small)));  // halvings: grows as h falls
    y.push_back(it->order);
  }
  const auto [mn, mx] = std::minmax_element(y.begin(), y.end());
  fit.settle_spread = *mx - *mn;
  fit.settle_mean = std::accumulate(y.begin(), y.end(), 0.0) / static_cast<double>(k);
  const Line line = least_squares(x, y);
  fit.trend = line.slope;
  const double span = x.back() - x.front();
  const boost::math::students_t dist(static_cast<double>(k) - 2);
  const double q = boost::math::quantile(boost::math::complement(dist, (1 - opt.confidence) / 2));
  // Local orders on an exact line have no residual: the interval is the point.
  const double half = std::isfinite(line.std_error) ? q * line.std_error : 0.0;
  fit.trend_low = line.slope - half;
  fit.trend_high = line.slope + half;
  // A step is a trend too: with 2 degrees of freedom the slope's interval is
  // wide, so four orders that fall from 1.00, 0.99 to 0.90, 0.90 (a decaying
  // transient) would pass its test; the means of the two halves tell them
  // apart (verdict_rule_properties_test, the bump family).
  const std::size_t halfk = k / 2;
  const double first_half = std::accumulate(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(halfk), 0.0) / double(halfk);
  const double last_half =
      std::accumulate(y.end() - static_cast<std::ptrdiff_t>(halfk), y.end(), 0.0) / double(halfk);
  fit.moving = ((fit.trend_low > 0 || fit.trend_high < 0) && std::abs(line.slope) * span > opt.resolution) ||
               std::abs(last_half - first_half) > opt.resolution;
  fit.settled = fit.settle_spread <= opt.settle_spread && !fit.moving;
}

// The verdict of a fit whose local orders have not settled (fit_order.md,
// "Verdicts"). Toward the claim: pre-asymptotic. Away from it, or scattered
// without a trend: unsettled. A one-sided claim ("order >= p") is met,
// settled or not, by local orders that all exceed it and do not fall, and
// by a mean above it that still rises: the error falls ever faster than
// claimed.
void judge_unsettled(OrderFit& fit, const FitOptions& opt, std::ostringstream& why) {
  const double p = opt.expected_order, m = fit.settle_mean, t = fit.trend;
  double lo_min = std::numeric_limits<double>::infinity();
  for (std::size_t i = fit.local_orders.size() - static_cast<std::size_t>(opt.settle_count); i < fit.local_orders.size(); ++i)
    lo_min = std::min(lo_min, fit.local_orders[i].order);
  const char* claim = opt.expected_is_sharp ? "the claimed order " : "the claimed bound >= ";
  why.str("");
  if (!opt.expected_is_sharp && m >= p && (t >= 0 || !fit.moving) && (lo_min >= p || t > 0)) {
    fit.verdict = Verdict::pass;
    why << claim << p << " is exceeded: the last " << opt.settle_count << " local orders (mean " << m << ", lowest "
        << lo_min << ") lie above it and do not fall (trend " << t << " per halving of h), down to h = " << fit.finest_h;
    return;
  }
  // Clear of the bound: every one of the last local orders exceeds it by more
  // than the window tolerance and no fall is shown (the trend's interval
  // reaches 0 or above). What moves them is scatter or a step, not a drift
  // toward the bound; a significant fall is refined further instead.
  if (!opt.expected_is_sharp && lo_min >= p + opt.window_tolerance && fit.trend_high >= 0) {
    fit.verdict = Verdict::pass;
    why << claim << p << " is exceeded: each of the last " << opt.settle_count << " local orders lies above it by more "
        << "than " << opt.window_tolerance << " (lowest " << lo_min << ", mean " << m << ") and they show no fall (trend "
        << t << " per halving of h [" << fit.trend_low << ", " << fit.trend_high << "]), down to h = " << fit.finest_h;
    return;
  }
  const bool below = m < p;
  const bool toward = fit.moving && (below ? t > 0 : t < 0);
  if (toward) {
    fit.verdict = Verdict::pre_asymptotic;
    if (below && t > 0) fit.suggested_h = fit.finest_h / std::exp2((p - m) / t);
    why << "pre-asymptotic: the local orders still move toward " << claim << p << ": mean of the last "
        << opt.settle_count << " " << m << ", trend " << t << " per halving of h [" << fit.trend_low << ", "
        << fit.trend_high << "], down to h = " << fit.finest_h;
    if (std::isfinite(fit.suggested_h)) why << "; the trend reaches the claim near h = " << fit.suggested_h;
    return;
  }
  fit.verdict = Verdict::unsettled;
  if (fit.moving)
    why << "unsettled: the local orders move away from " << claim << p << ": mean of the last " << opt.settle_count
        << " " << m << ", trend " << t << " per halving of h [" << fit.trend_low << ", " << fit.trend_high
        << "], down to h = " << fit.finest_h;
  else
    why << "unsettled: the last " << opt.settle_count << " local orders scatter by " << fit.settle_spread
        << " (more than " << opt.settle_spread << ") around " << m << " without a trend, down to h = " << fit.finest_h
        << "; " << claim << p;
}

}  // namespace

OrderFit fit_order(const std::vector<OrderPoint>& points, const FitOptions& opt) {
  opt.validate();
  OrderFit fit;
  fit.expected_order = opt.expected_order;
  fit.expected_is_sharp = opt.expected_is_sharp;

  // 1. Usable points: run finished cleanly, h > 0, finite positive error.
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
  auto P = [&](int k) -> const OrderPoint& { return points[static_cast<std::size_t>(idx[static_cast<std::size_t>(k)])]; };

  for (int k = static_cast<int>(idx.size()) - 1; k > 0; --k)
    fit.local_orders.push_back({P(k).h, P(k - 1).h, local_order(P(k), P(k - 1))});
  if (!idx.empty()) fit.finest_h = P(0).h;
  settle(fit, opt);

  // 3. Asymptotic window: start from the min_points smallest steps and add
  // larger steps while the local order of each new neighbour pair stays within
  // window_tolerance of the order fitted on the window so far. Small steps are
  // the asymptotic regime by definition: an error that stalls above the noise
  // floor is the scheme's behaviour and stays in the fit (it is what makes a
  // stalling scheme fail), it is never trimmed as "stagnation".
  const int available = static_cast<int>(idx.size());
  int end = std::min(opt.min_points, available);
  auto fit_first = [&](int count) {
    std::vector<double> x, y;
    for (int k = 0; k < count; ++k) {
      x.push_back(std::log(P(k).h));
      y.push_back(std::log(P(k).error));
    }
    return least_squares(x, y);
  };
  while (end >= 2 && end < available) {
    const double p_fit = fit_first(end).slope;
    const double p_new = local_order(P(end), P(end - 1));
    if (std::abs(p_new - p_fit) > opt.window_tolerance) break;
    ++end;
  }
  fit.dropped_preasymptotic = available - end;

  if (end < 2) {
    fit.verdict = Verdict::inconclusive;
    fit.reason = "fewer than two usable points above the noise floor";
    return fit;
  }
  const Line line = fit_first(end);
  fit.order = line.slope;
  fit.intercept = line.intercept;
  fit.std_error = line.std_error;
  fit.points_used = end;
  fit.h_min = P(0).h;
  fit.h_max = P(end - 1).h;
  for (int k = 0; k < end; ++k) fit.used.push_back(idx[static_cast<std::size_t>(k)]);
  // 4. Interval. The errors are deterministic, e = c h^p (1 + O(h^q)), so the
  // least-squares slope is biased by the drift of the local orders across the
  // window, and a purely statistical interval would shrink around that bias.
  // The half-width is the largest of: the t-interval of the slope, the drift
  // |slope − local order of the two smallest steps| (the most asymptotic
  // estimate we have), and the resolution we claim for orders at all.
  fit.resolution = opt.resolution;
  fit.drift = std::abs(line.slope - local_order(P(1), P(0)));
  if (end > 2) {
    const boost::math::students_t dist(end - 2);
    const double q = boost::math::quantile(boost::math::complement(dist, (1 - opt.confidence) / 2));
    fit.statistical_half_width = q * line.std_error;
    const double half = std::max({fit.statistical_half_width, fit.drift, fit.resolution});
    fit.ci_low = line.slope - half;
    fit.ci_high = line.slope + half;
  }

  // 5. Verdict (fit_order.md, "Verdicts"): pass and fail only on settled
  // local orders; drifting ones are pre-asymptotic or unsettled.
  std::ostringstream why;
  const double p = opt.expected_order;
  const bool wide = fit.ci_high - fit.ci_low > opt.max_ci_width;
  if (std::isnan(p)) {
    fit.verdict = Verdict::none_claimed;
    why << "no order claimed; observed order " << fit.order;
    if (fit.settled) why << ", local orders settled at " << fit.settle_mean;
    else if (std::isfinite(fit.trend)) why << ", local orders not settled (mean " << fit.settle_mean << ", trend " << fit.trend << " per halving of h)";
  } else if (end < opt.min_points) {
    fit.verdict = Verdict::inconclusive;
    why << "only " << end << " points in the asymptotic window (need " << opt.min_points << ")";
  } else if (fit.local_orders.size() < static_cast<std::size_t>(opt.settle_count)) {
    fit.verdict = Verdict::inconclusive;
    why << "only " << fit.local_orders.size() << " local orders above the noise floor (settling needs "
        << opt.settle_count << ")";
  } else if (!fit.settled) {
    judge_unsettled(fit, opt, why);
  } else if (!opt.expected_is_sharp) {
    // "order >= p": met by any interval reaching p, refuted by one wholly below.
    if (fit.ci_low > p) {
      fit.verdict = Verdict::pass;
      why << "the claimed bound >= " << p << " is exceeded: the whole " << opt.confidence * 100
          << "% interval lies above it";
    } else if (wide) {
      fit.verdict = Verdict::inconclusive;
      why << "interval width " << (fit.ci_high - fit.ci_low) << " exceeds " << opt.max_ci_width;
    } else if (fit.ci_high >= p) {
      fit.verdict = Verdict::pass;
      why << "the claimed bound >= " << p << " lies in the " << opt.confidence * 100 << "% interval";
    } else {
      fit.verdict = Verdict::fail;
      why << "the claimed bound >= " << p << " lies above the whole " << opt.confidence * 100
          << "% interval, with settled local orders (mean " << fit.settle_mean << ") down to h = " << fit.finest_h;
    }
  } else if (wide) {
    fit.verdict = Verdict::inconclusive;
    why << "interval width " << (fit.ci_high - fit.ci_low) << " exceeds " << opt.max_ci_width;
  } else if (p >= fit.ci_low && p <= fit.ci_high) {
    fit.verdict = Verdict::pass;
    why << "the claimed (sharp) order " << p << " lies in the " << opt.confidence * 100 << "% interval";
  } else {
    fit.verdict = Verdict::fail;
    why << "the claimed (sharp) order " << p << " lies outside the " << opt.confidence * 100
        << "% interval, with settled local orders (mean " << fit.settle_mean << ") down to h = " << fit.finest_h;
  }
  fit.reason = why.str();
  return fit;
}

}  // namespace sweepcheck

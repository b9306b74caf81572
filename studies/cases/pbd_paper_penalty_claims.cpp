// The penalty paragraph of seed 000, Section 4.3 (and Fig. 10's caption):
// the penalty's breakdown by γ on the disks, one claim per statement, and
// PBD's error below the penalty's at a fixed step (both problems).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "studies/cases/pbd_paper_claim_parts.hpp"

namespace sweepcheck::pbd_paper {

namespace {

// Seed 000 as extracted (/work/shared/seeds/000_971fe6eb9c5161c4.txt),
// verbatim: the sentences the claims below test.
constexpr const char* kQuoteSmallGamma =
    "In the case of non-overlap constraints, too small penalty parameters lead to a breakdown of the convergence "
    "already at low accuracy.";
constexpr const char* kQuoteLargerGamma =
    "In contrast, larger penalty parameters can sustain the convergence longer but require smaller time steps until "
    "convergence.";
constexpr const char* kQuoteEventually =
    "Notably, we see that convergence of the penalty methods depends on the penalty parameter and eventually breaks "
    "down, whereas PBD does not require such a numerical parameter for convergence.";
constexpr const char* kQuotePbdBelowDisks =
    "Independent of the time stepsize and the penalty parameter, PBD shows a smaller numerical error than the "
    "penalty method.";
constexpr const char* kQuotePbdBelowSliding =
    "Comparison between PBD and the penalty method shows that even with close to optimal penalty parameters, the "
    "PBD method outperforms penalty methods in terms of numerical error at a fixed time-step (left plot in Figure 8).";

// One penalty γ's series on the disks: its runs (the paper's steps and the
// rungs its ladder was extended by), where it stalled, and why the extension ended.
struct PenaltySeries {
  double gamma = 0;
  std::string scheme;
  Stall stall;
  int new_rungs = 0;
  std::string stop;  // the extension's stop reason ("" when it was not extended)
  std::vector<const RunRow*> extension;
};

std::vector<PenaltySeries> penalty_series(const ConvergenceStudy& s, const StallRule& rule) {
  std::vector<PenaltySeries> out;
  for (const auto& f : s.fits) {
    if (!is_penalty(f.scheme)) continue;
    PenaltySeries p;
    p.scheme = f.scheme;
    const auto eq = f.scheme.find("gamma=");
    p.gamma = eq == std::string::npos ? 100.0 : std::stod(f.scheme.substr(eq + 6));  // solvers/schemes/penalty.hpp's default
    std::vector<OrderPoint> points;
    for (const auto& r : s.rows)
      if (r.scheme == f.scheme) {
        points.push_back(order_point(r));
        if (r.refined) p.extension.push_back(&r);
      }
    p.stall = find_stall(points, rule);
    p.new_rungs = f.fit.refinement.rungs;
    p.stop = f.fit.refinement.stop;
    out.push_back(p);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.gamma < b.gamma; });
  return out;
}

// "γ = 1000: stalled at 0.0093 from h = 2.5e-4 (ladder extended by 4 rungs to h = 6.25e-5: errors …; stalled …)"
std::string describe(const PenaltySeries& p) {
  std::string o = fmt::format("γ = {:g}: ", p.gamma);
  if (p.stall.stalled)
    o += fmt::format("stalled at {:.3g} from h = {:.3g}", p.stall.level, p.stall.onset_h);
  else
    o += fmt::format("not stalled, error {:.3g} at its finest h = {:.3g} (last local order {:.2f})", p.stall.level,
                     p.stall.finest_h, p.stall.last_order);
  if (!p.extension.empty()) {
    std::vector<std::string> rungs;
    for (const auto* r : p.extension) rungs.push_back(fmt::format("{:.3g}: {:.3g}", r->h, r->error_uniform));
    o += fmt::format(" (ladder extended by {} rungs, h: error = {}; {})", p.extension.size(), join(rungs), p.stop);
  } else if (!p.stop.empty()) {
    o += " (" + p.stop + ")";
  }
  return o;
}

std::string describe_all(const std::vector<PenaltySeries>& ps) {
  std::vector<std::string> v;
  for (const auto& p : ps) v.push_back(describe(p));
  return join(v, "; ");
}

std::string stall_words(const StallRule& r) {
  return fmt::format("a γ has stalled when its last {} local orders (down to its finest step) are all < {:g}; its "
                     "level is its error at the finest step, its onset the largest step of that tail "
                     "(studies/engine/error_stall.hpp)",
                     r.rungs, r.local_order);
}

void add_numbers(Claim& c, const std::vector<PenaltySeries>& ps) {
  for (const auto& p : ps) {
    c.numbers.emplace_back(fmt::format("gamma={:g} stalled", p.gamma), p.stall.stalled ? 1 : 0);
    c.numbers.emplace_back(fmt::format("gamma={:g} level", p.gamma), p.stall.level);
    c.numbers.emplace_back(fmt::format("gamma={:g} onset_h", p.gamma), p.stall.onset_h);
    c.numbers.emplace_back(fmt::format("gamma={:g} finest_h", p.gamma), p.stall.finest_h);
  }
}

// The common part of the penalty paragraph's claims: id, statement, quote,
// criterion (the stall rule, then `rest`), the series as evidence and numbers;
// inconclusive until the caller judges, and left so with fewer than two γ.
Claim penalty_claim(const std::vector<PenaltySeries>& ps, const std::string& problem, const StallRule& rule,
                    const std::string& id, const std::string& statement, const char* text, const char* source,
                    const std::string& rest) {
  Claim c;
  c.id = "pbd-paper." + problem + ".penalty." + id;
  c.statement = problem + ": " + statement;
  quote(c, text, source);
  c.criterion = stall_words(rule) + ". " + rest;
  c.evidence = describe_all(ps);
  add_numbers(c, ps);
  c.verdict = ClaimVerdict::inconclusive;
  if (ps.size() < 2) c.evidence += "; fewer than two penalty parameters";
  return c;
}

// (i) The smallest γ breaks down early, at a level that falls as γ grows.
Claim claim_small_gamma_breaks_down(const std::vector<PenaltySeries>& ps, const std::string& problem,
                                    const StallRule& rule) {
  Claim c = penalty_claim(ps, problem, rule, "small-gamma-breaks-down",
                          "the smallest penalty parameter's convergence breaks down, at an error level that falls as "
                          "γ grows",
                          kQuoteSmallGamma, "seed 000, Section 4.3",
                          "Supported when the smallest γ has stalled and the levels fall strictly as γ grows; a γ "
                          "that has not stalled when its ladder ends counts with its finest error (its level is "
                          "lower still): if that is not below the previous level the claim is open (pre-asymptotic)");
  if (ps.size() < 2) return c;
  bool falls = true, open = false;
  for (std::size_t i = 1; i < ps.size(); ++i) {
    if (ps[i].stall.level < ps[i - 1].stall.level) continue;
    if (ps[i].stall.stalled) falls = false;
    else open = true;
  }
  c.verdict = !ps.front().stall.stalled ? ClaimVerdict::not_supported
              : !falls                  ? ClaimVerdict::not_supported
              : open                    ? ClaimVerdict::pre_asymptotic
                                        : ClaimVerdict::supported;
  return c;
}

// (ii) Larger γ keep converging to smaller steps before they stall, and need
// smaller steps to reach the accuracy at which the smaller γ broke down.
Claim claim_larger_gamma_longer(const std::vector<PenaltySeries>& ps, const std::string& problem,
                                const StallRule& rule) {
  Claim c = penalty_claim(
      ps, problem, rule, "larger-gamma-longer",
      "a larger penalty parameter keeps converging to smaller steps before it stalls, and needs smaller steps to reach "
      "the level at which the next smaller one broke down",
      kQuoteLargerGamma, "seed 000, Section 4.3",
      "For each pair of consecutive γ, the smaller must have stalled, and the larger (a) stalls at a smaller onset "
      "step, or has not stalled down to a finest step below that onset (\"longer\"; its ladder is extended by "
      "halvings until it stalls or the budget ends), and (b) first reaches an error <= the smaller γ's level at a "
      "step below the smaller γ's onset (\"require smaller time steps\"). Pre-asymptotic when an extended ladder "
      "ended before (a) could be decided; inconclusive when two γ stall from the same rung (the ladder does not "
      "resolve which stalls first)");
  if (ps.size() < 2) return c;
  bool ok = true, open = false, unresolved = false;
  std::vector<std::string> pairs;
  for (std::size_t i = 1; i < ps.size(); ++i) {
    const auto& a = ps[i - 1];
    const auto& b = ps[i];
    if (!a.stall.stalled) {
      open = open || !a.stop.empty();
      ok = ok && !a.stop.empty();
      pairs.push_back(fmt::format("γ = {:g} has not stalled", a.gamma));
      continue;
    }
    const bool longer_stalled = b.stall.stalled && b.stall.onset_h < a.stall.onset_h;
    // Not stalled but still converging (last local order >= the rule's) at a step below a's onset.
    const bool longer_open = !b.stall.stalled && b.stall.last_order >= rule.local_order &&
                             b.stall.finest_h < a.stall.onset_h;
    // Both stall from the same rung: the ladder cannot tell which stalls first.
    const bool same_rung = b.stall.stalled && b.stall.onset_h == a.stall.onset_h;
    double reach = std::nan("");
    for (const auto& pt : b.stall.ladder)
      if (pt.error <= a.stall.level) {
        reach = pt.h;
        break;
      }
    const bool smaller_steps = std::isfinite(reach) && reach < a.stall.onset_h;
    if (!b.stall.stalled && !longer_open) open = true;
    else if (same_rung) unresolved = true;
    else ok = ok && (longer_stalled || longer_open);
    if (reach == a.stall.onset_h) unresolved = true;  // both reach that level at the same rung
    else ok = ok && smaller_steps;
    pairs.push_back(fmt::format("γ = {:g} against {:g}: {} (onset or finest step {:.3g} against onset {:.3g}); reaches {:.3g} first at "
                                "h = {:.3g} (γ = {:g} reached it at {:.3g})",
                                b.gamma, a.gamma,
                                longer_stalled ? "stalls later"
                                : same_rung    ? "stalls from the same rung (not resolved by the ladder)"
                                : longer_open  ? "still converging at its finest step, below the other's onset"
                                : b.stall.stalled ? "does not converge longer"
                                                  : "not stalled, not converging at its finest step: open",
                                b.stall.stalled ? b.stall.onset_h : b.stall.finest_h, a.stall.onset_h, a.stall.level,
                                reach, a.gamma, a.stall.onset_h));
  }
  c.evidence += "; " + join(pairs, "; ");
  c.verdict = !ok         ? ClaimVerdict::not_supported
              : open       ? ClaimVerdict::pre_asymptotic
              : unresolved ? ClaimVerdict::inconclusive
                           : ClaimVerdict::supported;
  return c;
}

// (iii) Every γ eventually breaks down, PBD does not.
Claim claim_eventually_breaks_down(const std::vector<PenaltySeries>& ps, const ConvergenceStudy& s,
                                   const std::string& problem, const StallRule& rule) {
  Claim c = penalty_claim(ps, problem, rule, "eventually-breaks-down",
                          "every penalty parameter's convergence eventually breaks down; PBD's does not",
                          kQuoteEventually, "seed 000, Section 4.3, caption of Fig. 10",
                          "Supported when every γ stalls on its ladder, extended by halvings until it stalls or the "
                          "budget ends, and PBD (the paper's steps and its refinement) does not; pre-asymptotic when "
                          "a γ's budget ended while it still converged");
  std::vector<OrderPoint> pbd;
  for (const auto& r : s.rows)
    if (r.scheme == "pbd") pbd.push_back(order_point(r));
  const Stall p = find_stall(pbd, rule);
  bool all = !ps.empty(), open = false;
  for (const auto& x : ps) {
    all = all && x.stall.stalled;
    open = open || (!x.stall.stalled && !x.stop.empty());
  }
  c.evidence += fmt::format("; PBD: {} down to h = {:.3g} (error {:.3g}, last local order {:.2f})",
                            p.stalled ? "stalled" : "not stalled", p.finest_h, p.level, p.last_order);
  c.numbers.emplace_back("pbd stalled", p.stalled ? 1 : 0);
  c.verdict = p.stalled           ? ClaimVerdict::not_supported
              : all               ? ClaimVerdict::supported
              : open              ? ClaimVerdict::pre_asymptotic
                                  : ClaimVerdict::not_supported;
  return c;
}

}  // namespace

std::vector<Claim> penalty_breakdown_claims(const ConvergenceStudy& s, const std::string& problem,
                                            const StallRule& rule) {
  const auto ps = penalty_series(s, rule);
  return {claim_small_gamma_breaks_down(ps, problem, rule), claim_larger_gamma_longer(ps, problem, rule),
          claim_eventually_breaks_down(ps, s, problem, rule)};
}

// Claim: PBD's error is below the penalty method's at every step and γ. Steps
// where both ran: the paper's, and any rung of an extended penalty ladder at
// a step count PBD's refinement also ran.
Claim claim_pbd_below_penalty(const Footing& f, const std::string& problem, const TieRule& rule) {
  const ConvergenceStudy& s = f.runs;
  Claim c;
  c.id = "pbd-paper." + problem + ".penalty.pbd-below";
  const bool disks = problem == "disks";
  c.statement = problem + ": PBD's error is below the penalty method's at every step size and every γ";
  if (disks) quote(c, kQuotePbdBelowDisks, "seed 000, Section 4.3");
  else quote(c, kQuotePbdBelowSliding, "seed 000, Section 4.2");
  c.criterion = f.words + "; at every step where PBD and a penalty γ both have an ok run, PBD's error is below the "
                "penalty's, tied with it, or above it (" + rule.describe() + "); supported only if it is above at "
                "none (the paper: \"independent of the time stepsize and the penalty parameter\"), ties counted "
                "apart, each exception and each tie listed";
  if (footing_missing(c, f)) return c;
  TieCount n;
  std::vector<std::string> exceptions, ties;
  for (const auto& r : s.rows) {
    if (!is_penalty(r.scheme) || r.status != RunStatus::ok) continue;
    const RunRow* p = nullptr;
    for (const auto& q : s.rows)
      if (q.scheme == "pbd" && q.steps == r.steps && q.status == RunStatus::ok) p = &q;
    if (p == nullptr) continue;
    const ErrorOrder o = compare_errors(value(*p), value(r), f.scale, rule);
    n.add(o);
    const std::string at = fmt::format("{} at h = {:.3g} ({:.3g} against PBD's {:.3g})", r.scheme, r.h,
                                       r.error_uniform, p->error_uniform);
    if (o == ErrorOrder::above) exceptions.push_back(at);
    if (o == ErrorOrder::tied) ties.push_back(at);
  }
  c.verdict = n.compared() == 0 ? ClaimVerdict::inconclusive : yes_no(n.above == 0);
  c.evidence = fmt::format("{} (step, γ) pairs; exceptions: {}; ties: {}", n.describe("PBD below"),
                           exceptions.empty() ? "none" : join(exceptions, "; "), ties.empty() ? "none" : join(ties, "; "));
  c.numbers = {{"pbd_below", double(n.below)},
               {"tied", double(n.tied)},
               {"pbd_above", double(n.above)},
               {"compared", double(n.compared())}};
  return c;
}

}  // namespace sweepcheck::pbd_paper
